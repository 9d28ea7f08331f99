import AccessKeys
import Foundation
import Testing

/// AccessKeys' DocC example, run with the suite (a reader's package would build
/// swift-crypto for it): DocCExamplesTests checks the article holds this code word for word.
@Suite("DocC: AccessKeys' example runs")
struct AccessKeysDocCExampleTests {
    @Test("a key is made, shown once, and kept as its digest only")
    func madeAndKeptAsDigest() throws {
        // DocC example: AccessKeys.docc/AccessKeys.md
        // `moments keys add ana`: the secret is shown to its person once; the server keeps
        // only the record, whose digest is the secret's SHA-256.
        let (secret, record) = try AccessKeyRecord.make(named: "ana", at: Date())
        print(secret.hasPrefix("lmk_"), record.name)  // true ana

        // A request presents the secret; what is compared is its digest, in constant time.
        let presented = AccessKeyRecord.digest(of: secret)
        print(presented == record.digest, record.digest.contains(secret))  // true false
        // End of DocC example
        #expect(secret.hasPrefix("lmk_") && secret.count == 68)
        #expect(presented == record.digest && !record.digest.contains(secret))
        #expect(throws: KeyStoreError.self) { try AccessKeyRecord.make(named: "no spaces", at: Date()) }
    }
}
