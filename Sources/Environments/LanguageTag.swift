/// A BCP 47 language tag such as `en`, `pt-BR` or `zh-Hant`, in canonical case.
///
/// Only the subtags localization needs are modelled: language, script, region and variants.
/// Private-use and extension subtags are accepted and kept in ``identifier``.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag in canonical case: language lowercase, script titlecase, region uppercase.
    public let identifier: String
    /// The language subtag (`pt`).
    public let language: String
    /// The script subtag (`Hant`), if written.
    public let script: String?
    /// The region subtag (`BR`, `419`), if written.
    public let region: String?

    /// Parses a BCP 47 tag. Returns `nil` for anything else, including POSIX forms such as `pt_BR`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count) || (5...8).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        var canonical = [first.lowercased()]
        var script: String? = nil
        var region: String? = nil
        var index = 1
        if index < parts.count, parts[index].count == 4, parts[index].allSatisfy({ $0.isASCII && $0.isLetter }) {
            script = parts[index].prefix(1).uppercased() + parts[index].dropFirst().lowercased()
            canonical.append(script!)
            index += 1
        }
        if index < parts.count {
            let part = parts[index]
            if part.count == 2, part.allSatisfy({ $0.isASCII && $0.isLetter }) {
                region = part.uppercased()
            } else if part.count == 3, part.allSatisfy({ $0.isASCII && $0.isNumber }) {
                region = part
            }
            if let region { canonical.append(region); index += 1 }
        }
        while index < parts.count {
            let part = parts[index]
            guard (1...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            canonical.append(part.lowercased())
            index += 1
        }
        self.language = canonical[0]
        self.script = script
        self.region = region
        // Joined by hand: `joined(separator:)` is generic here and makes the runtime look up a
        // conformance (a scan of every conformance record) on the start-up path of every command.
        var identifier = canonical[0]
        for part in canonical[1...] {
            identifier += "-"
            identifier += part
        }
        self.identifier = identifier
    }

    public var description: String { identifier }

    /// The script this tag implies when none is written, from CLDR's likely subtags, for the
    /// languages that are written in more than one script.
    package var likelyScript: String? {
        if let script { return script }
        switch language {
        case "zh":
            switch region {
            case "TW", "HK", "MO": return "Hant"
            default: return "Hans"
            }
        case "sr": return region == "ME" ? "Latn" : "Cyrl"
        case "uz": return region == "AF" ? "Arab" : "Latn"
        case "pa": return region == "PK" ? "Arab" : "Guru"
        case "az": return region == "IR" ? "Arab" : "Latn"
        case "mn": return region == "CN" ? "Mong" : "Cyrl"
        case "bs": return "Latn"
        case "ms": return "Latn"
        case "sd": return region == "IN" ? "Deva" : "Arab"
        case "ks": return "Arab"
        default: return nil
        }
    }
}
