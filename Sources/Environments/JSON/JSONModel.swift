// The one JSON model of envtool (JSONParsing's) is part of this target's API: a configuration
// variable is a `JSONValue` (members in file order, keys told apart by code units, integers kept
// as integers and numbers no `Int` or `Double` holds exactly kept as their text), and apps switch
// over its cases. Re-exported, so that apps import EnvironmentKit only, and its cases and members
// are visible to them (and to generated accessors) under MemberImportVisibility, which a
// typealias alone does not give.
@_exported import JSONParsing

/// Where a value is in a document, for messages and for locating it (`configurations.Debug.api`).
package typealias JSONPath = JSONParsing.JSONPath
