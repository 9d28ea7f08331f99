import AccessKeys
import Foundation
import Testing

/// People's access keys are kept as SHA-256 digests (swift-crypto's since ADR 0024, hand-written
/// before): the digest must be the standard's, byte for byte what `keys.json` and the
/// database already hold, and a new key must be long, random and shown nowhere but once.
@Suite("Person keys and their digests")
struct KeyDigestTests {
    @Test("SHA-256 gives the FIPS 180-4 test vectors")
    func vectors() {
        #expect(AccessKeyRecord.digest(of: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(AccessKeyRecord.digest(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            AccessKeyRecord.digest(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // 55, 56 and 64 bytes: the padding's edges, where a second block begins.
        #expect(
            AccessKeyRecord.digest(of: String(repeating: "a", count: 55))
                == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(
            AccessKeyRecord.digest(of: String(repeating: "a", count: 56))
                == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(
            AccessKeyRecord.digest(of: String(repeating: "a", count: 64))
                == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
        #expect(
            AccessKeyRecord.digest(of: String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("a new key is 256 random bits, kept only as its digest; bad names are refused")
    func making() throws {
        let made = Date(timeIntervalSince1970: 1_795_246_325.5)
        let first = try AccessKeyRecord.make(named: "alice", at: made)
        let second = try AccessKeyRecord.make(named: "alice", at: Date())
        #expect(first.secret.hasPrefix("lmk_") && first.secret.count == 68)
        #expect(first.secret != second.secret && first.record.id != second.record.id)
        #expect(first.record.digest == AccessKeyRecord.digest(of: first.secret))
        let stored = String(decoding: try JSONEncoder().encode(first.record), as: UTF8.self)
        #expect(!stored.contains(first.secret))
        #expect(try JSONDecoder().decode(AccessKeyRecord.self, from: Data(stored.utf8)) == first.record)
        for bad in ["", "a b", String(repeating: "x", count: 65), "ä", "x/y"] {
            #expect(throws: KeyStoreError.self) { try AccessKeyRecord.make(named: bad, at: Date()) }
        }
    }
}
