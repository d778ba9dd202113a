import JSONParsing
import Testing

@Suite("JSON objects: ordered, keys exact by code units")
struct ObjectTests {
    @Test("keys that differ only in Unicode normalization are two members", arguments: [2, 40])
    func exactKeys(padding: Int) throws {
        // 40 members: past the linear search, through the hash index.
        let others = (0..<padding).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let value = try parse(#"{\#(others), "\#(nfc)": "nfc", "\#(nfd)": "nfd"}"#)
        guard case .object(let object) = value else { Issue.record("\(value)"); return }
        #expect(object.count == padding + 2)
        #expect(object[nfc] == "nfc")
        #expect(object[nfd] == "nfd")
        #expect(object.keys.suffix(2).map { Array($0.utf8) } == [Array(nfc.utf8), Array(nfd.utf8)])
        #expect(object["k1"] == 1)
        #expect(object["missing"] == nil)
    }

    @Test(
        "a repeated key is an error at its second occurrence, or in last-wins mode takes the first one's place",
        arguments: [0, 40])
    func duplicateKeys(padding: Int) throws {
        // 40 members before the repeat: past the linear search, through the hash index.
        let others = (0..<padding).map { #""k\#($0)": \#($0), "# }.joined()
        let text = #"{"a": 1, \#(others)"b": 2, "a": {"x": [3]}, "c": 4}"#
        let (failure, line, column) = try #require(parseFailure(text))
        #expect(failure.message == #"duplicate key "a"; each key may appear once in an object"#)
        #expect(line == 1 && column == text.utf8.count - 23)
        let lastWins = try parse(text, rejectsDuplicateKeys: false)
        guard case .object(let object) = lastWins else { Issue.record("\(lastWins)"); return }
        #expect(object.keys == ["a"] + (0..<padding).map { "k\($0)" } + ["b", "c"])
        #expect(object["a"] == ["x": [3]])
        #expect(object["c"] == 4 && object["b"] == 2)
        // NFC and NFD are not duplicates of each other.
        #expect(throws: Never.self) { try parse(#"{"\#(nfc)": 1, "\#(nfd)": 2}"#) }
    }

    @Test("setting keeps order, replaces in place and removes; equality ignores order but not code units")
    func editing() {
        var object = JSONObject()
        for index in 0..<20 { object["k\(index)"] = .integer(index) }
        object["k3"] = "three"
        object["k5"] = nil
        object[nfd] = true
        #expect(object.count == 20)
        #expect(object.keys.prefix(5) == ["k0", "k1", "k2", "k3", "k4"])
        #expect(object["k3"] == "three" && object["k5"] == nil && object["k6"] == 6)
        #expect(object[nfd] == true && object[nfc] == nil)
        for index in 0..<20 where index != 5 { object["k\(index)"] = nil }
        #expect(object.keys == [nfd])

        let ab: JSONObject = ["a": 1, "b": 2]
        let ba: JSONObject = ["b": 2, "a": 1]
        #expect(ab == ba && ab.hashValue == ba.hashValue)
        #expect(JSONObject([(nfc, JSONValue.integer(1))]) != JSONObject([(nfd, JSONValue.integer(1))]))
        #expect(JSONKey(nfc) != JSONKey(nfd) && JSONKey(nfc) == JSONKey("caf\u{E9}"))
        #expect(Set([JSONKey(nfc), JSONKey(nfd)]).count == 2)
    }
}
