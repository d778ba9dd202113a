import Foundation

/// Results go to stdout, diagnostics to stderr.
enum Console {
    static func output(_ text: String) {
        print(text)
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
