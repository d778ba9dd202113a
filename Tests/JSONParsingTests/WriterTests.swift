import JSONParsing
import Testing

@Suite("JSON writer")
struct WriterTests {
    @Test("compact text is the canonical form: parsing and writing it gives it back", arguments: [
        #"{"b":1,"a":[true,false,null],"c":{"d":"e"}}"#,
        #"["é 😀","\"\\\/"]"#.replacingOccurrences(of: #"\/"#, with: "/"),
        #"{"":"","\u0000\u001f":"\b\f\n\r\t"}"#,
        #"[0,-1,0.25,1e400,18446744073709551616,-0.0]"#,
        #"{"caf\#u{E9}":1,"cafe\#u{301}":2}"#,
        "[]", "{}", "[[],{}]",
    ])
    func roundTrip(text: String) throws {
        #expect(try parse(text).jsonText() == text)
    }

    @Test("Xcode's layout puts a space before the colon after keys only, never inside strings")
    func xcodeLayout() throws {
        let value = try parse(#"{"a": "b: \"c\": d", "e\\": {}, "f": [1, {"g": true}]}"#)
        #expect(value.jsonText(layout: .xcode) == "{\n  \"a\" : \"b: \\\"c\\\": d\",\n  \"e\\\\\" : {},\n  \"f\" : [\n    1,\n    {\n      \"g\" : true\n    }\n  ]\n}")
        #expect(value.jsonText(layout: .pretty) == value.jsonText(pretty: true))
        #expect(value.jsonText(layout: .compact) == value.jsonText())
    }

    @Test("pretty text indents by two spaces and keeps order")
    func pretty() throws {
        let value = try parse(#"{"z": 1, "a": {"list": [1, "x"], "empty": {}, "none": []}}"#)
        #expect(value.jsonText(pretty: true) == """
            {
              "z": 1,
              "a": {
                "list": [
                  1,
                  "x"
                ],
                "empty": {},
                "none": []
              }
            }
            """)
        #expect(try parse(value.jsonText(pretty: true)) == value)
    }

    @Test("strings escape quotes, backslashes and control characters, and keep everything else as UTF-8")
    func escaping() {
        #expect(JSONValue.string("a\"b\\c\n\u{01}\u{7F}é").jsonText() == #""a\"b\\c\n\u0001"# + "\u{7F}é\"")
        #expect(JSONValue.string("\u{2028}").jsonText() == "\"\u{2028}\"")
    }

    @Test("a non-finite Double, which no parsed document holds, is written as null")
    func nonFinite() {
        #expect(JSONValue.array([.number(.infinity), .number(.nan)]).jsonText() == "[null,null]")
    }

    @Test("type names for messages", arguments: [
        (JSONValue.null, "null"), (.bool(true), "a boolean"), (.integer(1), "a number"), (.number(1.5), "a number"),
        (.numberLiteral("1e400"), "a number"), (.string(""), "a string"), (.array([]), "an array"), (.object([:]), "an object"),
    ])
    func typeNames(value: JSONValue, name: String) {
        #expect(value.typeName == name)
    }
}
