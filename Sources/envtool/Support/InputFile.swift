import EnvironmentKit
import Foundation

/// Reads the files commands are given, all with the same error: `path: error: cannot read the
/// file: no such file` (exit 66).
enum InputFile {
    static func read(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw EnvironmentError.unreadable(path, error)
        }
    }
}
