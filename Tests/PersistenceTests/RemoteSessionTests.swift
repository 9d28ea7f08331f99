import Foundation
import Persistence
import Testing

/// A session remembered on a server: a group sit's join code is kept beside its token, and
/// a file an earlier version wrote, without one, reads as before.
@Suite("Remembered remote sessions")
struct RemoteSessionTests {
    @Test("a group sit's join code is written as join_code and read back; a file without it reads with none")
    func joinCode() throws {
        let sit = RemoteSession(server: "http://sangha.example:7460", activityID: "a1", token: "t", joinCode: "a1.9vsh72s62gysvtynv4d53p0jrx")
        let written = try JSONEncoder().encode(sit)
        #expect(String(decoding: written, as: UTF8.self).contains(#""join_code":"a1.9vsh72s62gysvtynv4d53p0jrx""#))
        #expect(try JSONDecoder().decode(RemoteSession.self, from: written) == sit)
        let earlier = Data(#"{"server":"http://sangha.example:7460","activity_id":"a1","token":"t"}"#.utf8)
        let read = try JSONDecoder().decode(RemoteSession.self, from: earlier)
        #expect(read.joinCode == nil && read.token == "t")
        #expect(!String(decoding: try JSONEncoder().encode(read), as: UTF8.self).contains("join_code"))
    }
}
