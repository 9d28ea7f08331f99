import Foundation
import LiveApp
import Testing

/// Reading runtime files: what another `moments` left in the runtime folder, read only
/// through `RuntimeEntry.read`.
@Suite("Runtime entries")
struct RuntimeEntryTests {
    @Test("a runtime file as `moments start` writes it is read whole")
    func reads() throws {
        let json = #"{"activity_id":"8f0c","pid":4242,"server":"http://127.0.0.1:7460","token":"3f2a"}"#
        let entry = try #require(RuntimeEntry.read(Data(json.utf8)))
        #expect(entry.processID == 4242 && entry.server == "http://127.0.0.1:7460" && entry.activityID == "8f0c")
    }

    @Test("a runtime file naming no single process is not an entry: kill(0 or -1, 0) succeeds, so it looked alive for ever (found writing FuzzDocuments' runtime property)",
        arguments: [0, -1, -4242])
    func noSingleProcess(pid: Int) {
        let json = #"{"pid":\#(pid),"server":"http://127.0.0.1:7460"}"#
        #expect(RuntimeEntry.read(Data(json.utf8)) == nil)
    }
}
