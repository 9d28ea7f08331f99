// The smallest program the live app's memory can be compared with: the Swift runtime and
// FoundationEssentials linked in as `moments` links them (ADRs 0016, 0047), today's date
// taken in the local time zone by the C library (as `moments` does before it draws
// anything), then nothing until standard input closes. The live benchmark reads its peak resident set
// beside that of `moments start`.
import FoundationEssentials
import Glibc

var now = time_t(Date().timeIntervalSince1970)
var parts = tm()
_ = localtime_r(&now, &parts)
let line = "ready day \(parts.tm_mday) offset \(parts.tm_gmtoff)\n"
_ = line.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
while let _ = readLine() {}
