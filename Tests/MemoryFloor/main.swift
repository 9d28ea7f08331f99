// The smallest program the live app's memory can be compared with: the Swift runtime and
// Foundation loaded, today's date formatted in the user's calendar and time zone (as
// `moments` does before it draws anything), then nothing until standard input closes.
// The live benchmark reads its peak resident set beside that of `moments start`.
import Foundation

let formatter = DateFormatter()
formatter.dateStyle = .medium
formatter.timeStyle = .short
let line = "ready \(formatter.string(from: Date())) day \(Calendar.current.component(.day, from: Date()))\n"
FileHandle.standardOutput.write(Data(line.utf8))
while let _ = readLine() {}
