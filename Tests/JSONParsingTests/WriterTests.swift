import JSONParsing
import Testing

@Suite("JSON writer")
struct WriterTests {
    @Test(
        "compact text is the canonical form: parsing and writing it gives it back",
        arguments: [
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

    @Test("Xcode's layout puts a space before the colon after keys only, never inside strings, and an empty line in an empty object")
    func xcodeLayout() throws {
        let value = try parse(#"{"a": "b: \"c\": d", "e\\": {}, "f": [1, {"g": true}]}"#)
        #expect(
            value.jsonText(layout: .xcode)
                == "{\n  \"a\" : \"b: \\\"c\\\": d\",\n  \"e\\\\\" : {\n\n  },\n  \"f\" : [\n    1,\n    {\n      \"g\" : true\n    }\n  ]\n}")
        #expect(value.jsonText(layout: .pretty) == value.jsonText(pretty: true))
        #expect(value.jsonText(layout: .compact) == value.jsonText())
    }

    @Test(
        "a document's layout is read from its text: indentation, separator, empty objects, final line break",
        arguments: [
            ("{\n  \"a\" : {\n\n  }\n}", JSONLayout.xcode),
            ("{\n  \"a\": {}\n}\n", JSONLayout(indentation: "  ", separator: ": ", endsWithNewline: true)),
            ("{\n    \"a\": {\n        \"b\": 1\n    }\n}", JSONLayout(indentation: "    ", separator: ": ", emptyObjectHasBlankLine: true)),
            ("{\"a\":{},\"b\":[1]}", JSONLayout(indentation: nil, separator: ":")),
            // A colon or braces inside a string are text, not layout.
            ("{\n\t\"x\\\" : {}\" : 1\n}\n", JSONLayout(indentation: "\t", separator: " : ", emptyObjectHasBlankLine: true, endsWithNewline: true)),
        ])
    func layoutRead(text: String, layout: JSONLayout) throws {
        let read = Array(text.utf8).withUnsafeBufferPointer { JSONLayout(of: $0, otherwise: .xcode) }
        #expect(read == layout)
        // Written again in the layout read, the same bytes.
        #expect(try parse(text).jsonText(layout: read) == text)
    }

    @Test("identical means the same members in the same order and the same code units; == is JSON's equality")
    func identity() throws {
        let value = try parse(#"{"a": 1, "b": "caf\u00e9"}"#)
        #expect(value.isIdentical(to: try parse(#"{"a":1,"b":"café"}"#)))
        #expect(!value.isIdentical(to: try parse(#"{"b": "café", "a": 1}"#)))
        #expect(value == (try parse(#"{"b": "café", "a": 1}"#)))
        #expect(!value.isIdentical(to: try parse(#"{"a": 1, "b": "cafe\u0301"}"#)))
        #expect(!value.isIdentical(to: try parse(#"{"a": 1.0, "b": "café"}"#)))
    }

    @Test("pretty text indents by two spaces and keeps order")
    func pretty() throws {
        let value = try parse(#"{"z": 1, "a": {"list": [1, "x"], "empty": {}, "none": []}}"#)
        #expect(
            value.jsonText(pretty: true) == """
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

    @Test(
        "type names for messages",
        arguments: [
            (JSONValue.null, "null"), (.bool(true), "a boolean"), (.integer(1), "a number"), (.number(1.5), "a number"),
            (.numberLiteral("1e400"), "a number"), (.string(""), "a string"), (.array([]), "an array"), (.object([:]), "an object"),
        ])
    func typeNames(value: JSONValue, name: String) {
        #expect(value.typeName == name)
    }
}
