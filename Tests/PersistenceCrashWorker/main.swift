// The child process of the Persistence tests. It does real store work in its own process,
// so the tests can kill it at random moments (crash safety), hold a lock against them
// (locking), or run it as another user (permissions). Every line it prints is flushed at
// once; an acknowledgement is printed only after the write it acknowledges has returned.
//
//   PersistenceCrashWorker loop FOLDER              save and append until killed
//   PersistenceCrashWorker hold FOLDER MILLISECONDS hold the history's lock (0: forever)
//   PersistenceCrashWorker attempt OPERATION FOLDER [--as-nobody]
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    WorkerOutput.fail("usage: PersistenceCrashWorker loop|hold|attempt …")
}
switch arguments[1] {
case "loop":
    CrashLoop.run(folder: URL(fileURLWithPath: arguments[2], isDirectory: true))
case "hold":
    HoldLock.run(
        folder: URL(fileURLWithPath: arguments[2], isDirectory: true),
        milliseconds: arguments.count > 3 ? Int(arguments[3]) ?? 0 : 0)
case "attempt" where arguments.count >= 4:
    Attempt.run(
        operation: arguments[2], folder: URL(fileURLWithPath: arguments[3], isDirectory: true),
        asNobody: arguments.contains("--as-nobody"))
default:
    WorkerOutput.fail("unknown mode '\(arguments[1])'")
}
