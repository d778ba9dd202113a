import Foundation
import StringsFile

/// The `.strings` parser on raw bytes: encoding detection, escapes, comments and every
/// diagnostic's location.
enum StringsHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        do {
            let file = try StringsFile(data: Data(input), path: "fuzz.strings")
            for warning in file.warnings { _ = warning.description }
            // Every key the table lists must be found by its lookup, with its comment.
            for key in file.keys.prefix(64) {
                precondition(file[key] != nil, "a listed key is not found")
                _ = file.comment(forKey: key)
            }
            _ = file.keyLocations()
        } catch {
            _ = error.description
        }
    }
}
