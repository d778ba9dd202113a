import Foundation
import StringsFile

/// The `.strings` parser on raw bytes: encoding detection, escapes, comments and every
/// diagnostic's location.
enum StringsHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        do {
            let file = try StringsFile(data: Data(input), path: "fuzz.strings")
            for warning in file.warnings { _ = warning.description }
        } catch {
            _ = error.description
        }
    }
}
