// Literals the compiler reads differently from how they look; "café" before a key moves its column.
let s1 = "café"; let k1 = NSLocalizedString("after.accent", comment: "")
let k2 = NSLocalizedString(#"raw "quoted" \n"#, comment: "raw")
let k3 = NSLocalizedString("caf\u{E9}", comment: "escape")
let k4 = String(
    localized: """
        multi
          line
        """)
// NSLocalizedString("in.comment", comment: "")
let notACall = "NSLocalizedString(\"in.string\", comment: \"\")"
