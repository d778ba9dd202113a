import ArgumentParser
import EnvironmentKit

/// Shell completions read from the environments document the command line names: its
/// configuration names for `--configuration`, its languages for `set-language`, `--language`
/// and `localize`.
///
/// The document is the one the words typed so far select (`-e PATH`, `--environments PATH` or
/// `--environments=PATH`), else `$ENVTOOL_ENVIRONMENTS`, else the one found in the current folder or above
/// (``EnvironmentSelection/discoveredPath()``).
/// Only a plain `environments.json` is read: completing never asks for a secret, and a document
/// that cannot be read completes nothing rather than printing an error into the shell.
enum DocumentCompletions {
    /// The document's configuration names.
    static let configurations = CompletionKind.custom { words, _, prefix in
        candidates(words, prefix) { $0.configurationNames }
    }

    /// The document's languages.
    static let languages = CompletionKind.custom { words, _, prefix in
        candidates(words, prefix) { $0.languages.map(\.identifier) }
    }

    private static func candidates(_ words: [String], _ prefix: String, _ names: (EnvironmentsDocument) -> [String]) -> [String] {
        let path = EnvironmentSelection.path(documentOption(in: words))
        guard path != "-", let document = try? EnvironmentsDocument(contentsOf: path) else { return [] }
        return names(document).filter { $0.hasPrefix(prefix) }
    }

    /// The value of the last `-e`/`--environments` among `words`.
    static func documentOption(in words: [String]) -> String? {
        var found: String? = nil
        for (index, word) in words.enumerated() {
            if word == "-e" || word == "--environments", index + 1 < words.count {
                found = words[index + 1]
            } else if word.hasPrefix("--environments=") {
                found = String(word.dropFirst("--environments=".count))
            }
        }
        return found
    }
}
