/// The plural forms of i18next 1.x (and of `compatibilityJSON: "v3"`), per language: the suffix
/// numbers (`key_plural_2`, `key_plural_5`) and which formula picks among them.
///
/// This is i18next's own pre-CLDR table of language facts; the formulas are in ``LegacyPluralRule/index(for:)``.
struct LegacyPluralRule: Sendable {
    let numbers: [Int]
    let type: Int

    /// The index into ``numbers`` for `n` (already made non-negative).
    func index(for n: Double) -> Int {
        let m10 = n.truncatingRemainder(dividingBy: 10)
        let m100 = n.truncatingRemainder(dividingBy: 100)
        func number(_ condition: Bool) -> Int { condition ? 1 : 0 }
        switch type {
        case 1: return number(n > 1)
        case 2: return number(n != 1)
        case 3: return 0
        case 4: return m10 == 1 && m100 != 11 ? 0 : m10 >= 2 && m10 <= 4 && (m100 < 10 || m100 >= 20) ? 1 : 2
        case 5: return n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : m100 >= 3 && m100 <= 10 ? 3 : m100 >= 11 ? 4 : 5
        case 6: return n == 1 ? 0 : (n >= 2 && n <= 4) ? 1 : 2
        case 7: return n == 1 ? 0 : m10 >= 2 && m10 <= 4 && (m100 < 10 || m100 >= 20) ? 1 : 2
        case 8: return n == 1 ? 0 : n == 2 ? 1 : (n != 8 && n != 11) ? 2 : 3
        case 9: return number(n >= 2)
        case 10: return n == 1 ? 0 : n == 2 ? 1 : n < 7 ? 2 : n < 11 ? 3 : 4
        case 11: return (n == 1 || n == 11) ? 0 : (n == 2 || n == 12) ? 1 : (n > 2 && n < 20) ? 2 : 3
        case 12: return number(m10 != 1 || m100 == 11)
        case 13: return number(n != 0)
        case 14: return n == 1 ? 0 : n == 2 ? 1 : n == 3 ? 2 : 3
        case 15: return m10 == 1 && m100 != 11 ? 0 : m10 >= 2 && (m100 < 10 || m100 >= 20) ? 1 : 2
        case 16: return m10 == 1 && m100 != 11 ? 0 : n != 0 ? 1 : 2
        case 17: return number(!(n == 1 || m10 == 1))
        case 18: return n == 0 ? 0 : n == 1 ? 1 : 2
        case 19: return n == 1 ? 0 : n == 0 || (m100 > 1 && m100 < 11) ? 1 : (m100 > 10 && m100 < 20) ? 2 : 3
        case 20: return n == 1 ? 0 : (n == 0 || (m100 > 0 && m100 < 20)) ? 1 : 2
        case 21: return m100 == 1 ? 1 : m100 == 2 ? 2 : m100 == 3 || m100 == 4 ? 3 : 0
        default: return 0
        }
    }

    /// The rule of a language code's first part (`ru-RU` → `ru`; a code 1.x did not know has none).
    static func rule(for code: String) -> LegacyPluralRule? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        return table[parts[0]]
    }

    /// The rules of i18next-ios's `I18NextPlurals`: i18next 1.x's without its `dev`, which the
    /// fallback language `dev` reaches there as a language without a rule (the same forms).
    static let iosTable: [String: LegacyPluralRule] = table.filter { $0.key != "dev" }

    static let table: [String: LegacyPluralRule] = [
        "ach": LegacyPluralRule(numbers: [1, 2], type: 1),
        "af": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ak": LegacyPluralRule(numbers: [1, 2], type: 1),
        "am": LegacyPluralRule(numbers: [1, 2], type: 1),
        "an": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ar": LegacyPluralRule(numbers: [0, 1, 2, 3, 11, 100], type: 5),
        "arn": LegacyPluralRule(numbers: [1, 2], type: 1),
        "ast": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ay": LegacyPluralRule(numbers: [1], type: 3),
        "az": LegacyPluralRule(numbers: [1, 2], type: 2),
        "be": LegacyPluralRule(numbers: [1, 2, 5], type: 4),
        "bg": LegacyPluralRule(numbers: [1, 2], type: 2),
        "bn": LegacyPluralRule(numbers: [1, 2], type: 2),
        "bo": LegacyPluralRule(numbers: [1], type: 3),
        "br": LegacyPluralRule(numbers: [1, 2], type: 1),
        "bs": LegacyPluralRule(numbers: [1, 2, 5], type: 4),
        "ca": LegacyPluralRule(numbers: [1, 2], type: 2),
        "cgg": LegacyPluralRule(numbers: [1], type: 3),
        "cs": LegacyPluralRule(numbers: [1, 2, 5], type: 6),
        "csb": LegacyPluralRule(numbers: [1, 2, 5], type: 7),
        "cy": LegacyPluralRule(numbers: [1, 2, 3, 8], type: 8),
        "da": LegacyPluralRule(numbers: [1, 2], type: 2),
        "de": LegacyPluralRule(numbers: [1, 2], type: 2),
        "dev": LegacyPluralRule(numbers: [1, 2], type: 2),
        "dz": LegacyPluralRule(numbers: [1], type: 3),
        "el": LegacyPluralRule(numbers: [1, 2], type: 2),
        "en": LegacyPluralRule(numbers: [1, 2], type: 2),
        "eo": LegacyPluralRule(numbers: [1, 2], type: 2),
        "es": LegacyPluralRule(numbers: [1, 2], type: 2),
        "es_ar": LegacyPluralRule(numbers: [1, 2], type: 2),
        "et": LegacyPluralRule(numbers: [1, 2], type: 2),
        "eu": LegacyPluralRule(numbers: [1, 2], type: 2),
        "fa": LegacyPluralRule(numbers: [1], type: 3),
        "fi": LegacyPluralRule(numbers: [1, 2], type: 2),
        "fil": LegacyPluralRule(numbers: [1, 2], type: 1),
        "fo": LegacyPluralRule(numbers: [1, 2], type: 2),
        "fr": LegacyPluralRule(numbers: [1, 2], type: 9),
        "fur": LegacyPluralRule(numbers: [1, 2], type: 2),
        "fy": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ga": LegacyPluralRule(numbers: [1, 2, 3, 7, 11], type: 10),
        "gd": LegacyPluralRule(numbers: [1, 2, 3, 20], type: 11),
        "gl": LegacyPluralRule(numbers: [1, 2], type: 2),
        "gu": LegacyPluralRule(numbers: [1, 2], type: 2),
        "gun": LegacyPluralRule(numbers: [1, 2], type: 1),
        "ha": LegacyPluralRule(numbers: [1, 2], type: 2),
        "he": LegacyPluralRule(numbers: [1, 2], type: 2),
        "hi": LegacyPluralRule(numbers: [1, 2], type: 2),
        "hr": LegacyPluralRule(numbers: [1, 2, 5], type: 4),
        "hu": LegacyPluralRule(numbers: [1, 2], type: 2),
        "hy": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ia": LegacyPluralRule(numbers: [1, 2], type: 2),
        "id": LegacyPluralRule(numbers: [1], type: 3),
        "is": LegacyPluralRule(numbers: [1, 2], type: 12),
        "it": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ja": LegacyPluralRule(numbers: [1], type: 3),
        "jbo": LegacyPluralRule(numbers: [1], type: 3),
        "jv": LegacyPluralRule(numbers: [0, 1], type: 13),
        "ka": LegacyPluralRule(numbers: [1], type: 3),
        "kk": LegacyPluralRule(numbers: [1], type: 3),
        "km": LegacyPluralRule(numbers: [1], type: 3),
        "kn": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ko": LegacyPluralRule(numbers: [1], type: 3),
        "ku": LegacyPluralRule(numbers: [1, 2], type: 2),
        "kw": LegacyPluralRule(numbers: [1, 2, 3, 4], type: 14),
        "ky": LegacyPluralRule(numbers: [1], type: 3),
        "lb": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ln": LegacyPluralRule(numbers: [1, 2], type: 1),
        "lo": LegacyPluralRule(numbers: [1], type: 3),
        "lt": LegacyPluralRule(numbers: [1, 2, 10], type: 15),
        "lv": LegacyPluralRule(numbers: [1, 2, 0], type: 16),
        "mai": LegacyPluralRule(numbers: [1, 2], type: 2),
        "mfe": LegacyPluralRule(numbers: [1, 2], type: 1),
        "mg": LegacyPluralRule(numbers: [1, 2], type: 1),
        "mi": LegacyPluralRule(numbers: [1, 2], type: 1),
        "mk": LegacyPluralRule(numbers: [1, 2], type: 17),
        "ml": LegacyPluralRule(numbers: [1, 2], type: 2),
        "mn": LegacyPluralRule(numbers: [1, 2], type: 2),
        "mnk": LegacyPluralRule(numbers: [0, 1, 2], type: 18),
        "mr": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ms": LegacyPluralRule(numbers: [1], type: 3),
        "mt": LegacyPluralRule(numbers: [1, 2, 11, 20], type: 19),
        "nah": LegacyPluralRule(numbers: [1, 2], type: 2),
        "nap": LegacyPluralRule(numbers: [1, 2], type: 2),
        "nb": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ne": LegacyPluralRule(numbers: [1, 2], type: 2),
        "nl": LegacyPluralRule(numbers: [1, 2], type: 2),
        "nn": LegacyPluralRule(numbers: [1, 2], type: 2),
        "no": LegacyPluralRule(numbers: [1, 2], type: 2),
        "nso": LegacyPluralRule(numbers: [1, 2], type: 2),
        "oc": LegacyPluralRule(numbers: [1, 2], type: 1),
        "or": LegacyPluralRule(numbers: [2, 1], type: 2),
        "pa": LegacyPluralRule(numbers: [1, 2], type: 2),
        "pap": LegacyPluralRule(numbers: [1, 2], type: 2),
        "pl": LegacyPluralRule(numbers: [1, 2, 5], type: 7),
        "pms": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ps": LegacyPluralRule(numbers: [1, 2], type: 2),
        "pt": LegacyPluralRule(numbers: [1, 2], type: 2),
        "pt_br": LegacyPluralRule(numbers: [1, 2], type: 2),
        "rm": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ro": LegacyPluralRule(numbers: [1, 2, 20], type: 20),
        "ru": LegacyPluralRule(numbers: [1, 2, 5], type: 4),
        "sah": LegacyPluralRule(numbers: [1], type: 3),
        "sco": LegacyPluralRule(numbers: [1, 2], type: 2),
        "se": LegacyPluralRule(numbers: [1, 2], type: 2),
        "si": LegacyPluralRule(numbers: [1, 2], type: 2),
        "sk": LegacyPluralRule(numbers: [1, 2, 5], type: 6),
        "sl": LegacyPluralRule(numbers: [5, 1, 2, 3], type: 21),
        "so": LegacyPluralRule(numbers: [1, 2], type: 2),
        "son": LegacyPluralRule(numbers: [1, 2], type: 2),
        "sq": LegacyPluralRule(numbers: [1, 2], type: 2),
        "sr": LegacyPluralRule(numbers: [1, 2, 5], type: 4),
        "su": LegacyPluralRule(numbers: [1], type: 3),
        "sv": LegacyPluralRule(numbers: [1, 2], type: 2),
        "sw": LegacyPluralRule(numbers: [1, 2], type: 2),
        "ta": LegacyPluralRule(numbers: [1, 2], type: 2),
        "te": LegacyPluralRule(numbers: [1, 2], type: 2),
        "tg": LegacyPluralRule(numbers: [1, 2], type: 1),
        "th": LegacyPluralRule(numbers: [1], type: 3),
        "ti": LegacyPluralRule(numbers: [1, 2], type: 1),
        "tk": LegacyPluralRule(numbers: [1, 2], type: 2),
        "tr": LegacyPluralRule(numbers: [1, 2], type: 1),
        "tt": LegacyPluralRule(numbers: [1], type: 3),
        "ug": LegacyPluralRule(numbers: [1], type: 3),
        "uk": LegacyPluralRule(numbers: [1, 2, 5], type: 4),
        "ur": LegacyPluralRule(numbers: [1, 2], type: 2),
        "uz": LegacyPluralRule(numbers: [1, 2], type: 1),
        "vi": LegacyPluralRule(numbers: [1], type: 3),
        "wa": LegacyPluralRule(numbers: [1, 2], type: 1),
        "wo": LegacyPluralRule(numbers: [1], type: 3),
        "yo": LegacyPluralRule(numbers: [1, 2], type: 2),
        "zh": LegacyPluralRule(numbers: [1], type: 3),
    ]
}
