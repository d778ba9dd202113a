import JSONParsing

/// A JSON value as written in `environments.json`: the type of a configuration variable.
///
/// The one JSON model of envtool (JSONParsing's): members in file order, keys told apart by code
/// units (`"café"` in NFC and in NFD are two variables), integers kept as integers and numbers
/// that no `Int` or `Double` holds exactly kept as their text. Named here so that apps import
/// EnvironmentKit only.
public typealias JSONValue = JSONParsing.JSONValue

/// A JSON object: members in file order, keys compared by code units.
public typealias JSONObject = JSONParsing.JSONObject

/// Where a value is in a document, for messages and for locating it (`configurations.Debug.api`).
package typealias JSONPath = JSONParsing.JSONPath
