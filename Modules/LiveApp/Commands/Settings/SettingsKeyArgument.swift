import ArgumentParser
import Domain

/// A setting's key read from the command line: ArgumentParser lists the keys in its help,
/// its shell completions and the error for a key that does not exist.
extension Settings.Key: ExpressibleByArgument {}
