import JSONParsing
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The variables of one configuration and their path index, built when first needed.
///
/// A command-line call reads one variable of a configuration that may hold a million, so a
/// configuration read from a validated document keeps only where its object starts: the first
/// lookup finds a top-level variable by scanning the members' bytes, and building the tree and
/// the index of every dotted path (microseconds a variable, hundreds of MiB for a million) waits
/// until something reads them all or looks up a second time, as an app does.
final class ConfigurationVariables: Sendable {
    /// The parsed variables and every path into them.
    struct Parsed: Sendable {
        let object: JSONObject
        let index: [JSONKey: JSONValue]
    }

    private enum State: Sendable {
        case parsed(Parsed)
        /// Parsed, with the path index not built yet: a top-level variable is found in the
        /// object itself.
        case unindexed(JSONObject)
        /// Not parsed yet; whether the one lookup by scanning has been used.
        case deferred(scanned: Bool)
    }

    /// The document's bytes, validated, and where the configuration's object starts in them.
    private let deferredText: Data?
    private let offset: Int
    private let state: Mutex<State>

    /// Variables already parsed.
    init(_ object: JSONObject) {
        deferredText = nil
        offset = 0
        state = Mutex(.unindexed(object))
    }

    /// The object at `offset` of `text`, which ``JSONValidator`` accepted.
    init(deferredIn text: Data, at offset: Int) {
        deferredText = text
        self.offset = offset
        state = Mutex(.deferred(scanned: false))
    }

    /// The variables and their index, parsed now if nothing needed them before.
    var parsed: Parsed {
        state.withLock { state in
            if case .parsed(let parsed) = state { return parsed }
            let object: JSONObject
            if case .unindexed(let parsedObject) = state { object = parsedObject } else { object = parseDeferred() }
            let parsed = Self.parsed(object)
            state = .parsed(parsed)
            return parsed
        }
    }

    /// The variables, parsed now if nothing needed them before; the path index is not built.
    var object: JSONObject {
        state.withLock { state in
            switch state {
            case .parsed(let parsed): return parsed.object
            case .unindexed(let object): return object
            case .deferred:
                let object = parseDeferred()
                state = .unindexed(object)
                return object
            }
        }
    }

    /// The value at `path` by the rule of the index: a top-level key spelled `path` first, else
    /// the first nested path spelled so, in file order.
    func value(_ path: String) -> JSONValue? {
        // Before the index exists, a top-level variable is found without building it: the
        // index is a dictionary keyed by `JSONKey`, and the first one of those costs a command
        // a scan of every conformance record besides the index itself.
        enum FirstLook { case scan, object(JSONObject), index }
        let look = state.withLock { state -> FirstLook in
            switch state {
            case .deferred(scanned: false):
                state = .deferred(scanned: true)
                return .scan
            case .unindexed(let object):
                return .object(object)
            default:
                return .index
            }
        }
        if case .object(let object) = look {
            if let found = object[path] { return found }
            if !path.utf8.contains(UInt8(ascii: ".")) { return nil }
        }
        if case .scan = look, let text = deferredText {
            let found: JSONValue?? = text.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard let start = JSONParser.memberOffset(path, inObjectAt: offset, of: bytes) else { return .some(nil) }
                return .some(try? JSONParser.parseValue(in: bytes, at: start))
            }
            if let found = found.flatMap({ $0 }) { return found }
            // Only a dotted path can name a nested value.
            if !path.utf8.contains(UInt8(ascii: ".")) { return nil }
        }
        return parsed.index[JSONKey(path)]
    }

    private func parseDeferred() -> JSONObject {
        guard let text = deferredText else { return JSONObject() }
        let value = text.withUnsafeBytes { raw in try? JSONParser.parseValue(in: raw.bindMemory(to: UInt8.self), at: offset) }
        // The bytes passed validation when the document was read, so this is always an object.
        guard case .object(let object)? = value else { return JSONObject() }
        return object
    }

    private static func parsed(_ object: JSONObject) -> Parsed {
        var index: [JSONKey: JSONValue] = [:]
        addPaths(of: object, prefix: nil, to: &index)
        return Parsed(object: object, index: index)
    }

    /// - Parameter prefix: The path of `object`, `nil` at the top level. Not `""`: a member of
    ///   a top-level key `""` is at `.x`, and taking `""` for the top level filed it at `x`.
    private static func addPaths(of object: JSONObject, prefix: String?, to index: inout [JSONKey: JSONValue]) {
        for (key, value) in object.members {
            let path = prefix.map { $0 + "." + key } ?? key
            // A literal key with a dot ("a.b") wins over the nested path a → b.
            if prefix == nil {
                index[JSONKey(path)] = value
            } else if index[JSONKey(path)] == nil {
                index[JSONKey(path)] = value
            }
            if case .object(let child) = value { addPaths(of: child, prefix: path, to: &index) }
        }
    }
}
