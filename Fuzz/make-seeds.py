#!/usr/bin/env python3
"""Writes the seed corpora of Fuzz/Corpus/<target>/ from the test fixtures and the samples.

Run by `scripts/fuzz --seeds`; the output is committed, so fuzzing needs no Python.
Inputs with several parts separate them with a NUL byte, as the harnesses read them.
"""
import glob, hashlib, json, os, shutil, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
corpus = os.path.join(root, "Fuzz", "Corpus")
crypto = os.path.join(root, "Tests", "EnvironmentCryptoTests", "Fixtures")
conformance = os.path.join(root, "Tests", "I18NextTests", "Fixtures", "conformance")


def write(target, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder = os.path.join(corpus, target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def cases():
    for name in ("v4.public.json", "v1.public.json"):
        with open(os.path.join(conformance, name), encoding="utf-8") as f:
            yield from json.load(f)["cases"]


shutil.rmtree(corpus, ignore_errors=True)

# json: the environments documents and the i18next init objects, as written.
write("json", open(os.path.join(crypto, "v1-plaintext.json"), "rb").read())
write("json", open(os.path.join(root, "environments", "environments.json"), "rb").read())
for path in sorted(glob.glob(os.path.join(root, "environments", "locales", "*", "*.json"))):
    write("json", open(path, "rb").read())
for case in list(cases())[::10]:
    write("json", json.dumps(case["init"], ensure_ascii=False, indent=1))
for text in ['{"a":-0.0e-7,"b":[true,false,null],"c":"\\ud83d\\ude00\\u00e9"}', '[1e308,-1E+2,123456789012345678901234567890]',
             '{"languages":["en","sr-Latn-RS"],"configurations":{"Debug":{"a.b":{"c":1}},"Release":{}}}', "\ufeff{}"]:
    write("json", text)

# strings: the sample tables and the grammar's corner cases.
for path in sorted(glob.glob(os.path.join(root, "environments", "*.lproj", "*.strings"))):
    data = open(path, "rb").read()
    write("strings", data)
    write("strings", b"\xff\xfe" + data.decode("utf-8").encode("utf-16-le"))
for text in ['/* c */ "greeting" = "Hello"; // trailing\n"farewell"="Bye";', "key_1 = value.with/slash:colon-dash$;",
             '"OK";\n"Cancel" ;', "'a' = 'it\"s';", '{ "a" = "b"; }\n', r'"k" = "\U00e9\U20AC\UD83D\UDE00\UD83Db";',
             r'"k" = "\101\1012\341\200\u00e9\n\t\q\é";', '"k" = "a";\r\n"k" = "b";\u2028', '"k" = ("a");']:
    write("strings", text)

# strings-format: templates of .strings files and their arguments.
for parts in [["%@ has %d items", "Ada", "3"], ["%1$@ %2$@ %1$@", "a", "b"], ["%.2f%% of %5.1f", "12.345", "99"],
              ["%x %X %o %u %i %ld %lld %c", "255", "255", "8", "-1", "7", "1", "2", "z"], ["%e %g %E %a", "1e308", "-0", "nan"],
              ["%-8s|%08.3f|%+d|% d|%'d", "x", "3.14159", "5", "5", "1234567"], ["%3$@ %@", "a"], ["100%"], ["%%d %z %"]]:
    write("strings-format", "\0".join(parts))

# envbin: one file per key mode, encrypted with the fixture secrets.
for name in ("v1-key.bin", "v1-passphrase.bin", "v1-recipient.bin"):
    write("envbin", open(os.path.join(crypto, name), "rb").read())

# i18next: each conformance case as init NUL key NUL options NUL key NUL options…
for case in cases():
    parts = [compact(case["init"])]
    for call in case["calls"][:4]:
        key = call.get("key")
        parts.append(key if isinstance(key, str) else compact(key))
        parts.append(compact(call.get("options", {})))
    write("i18next", "\0".join(parts))

# i18next-grammar: choice streams; any bytes are a valid scenario, these reach each production.
# (Seed 14 made i18next 1.x nesting recurse without end; it is kept in Fuzz/Crashers/i18next-grammar.)
for seed in range(24):
    if seed != 14:
        write("i18next-grammar", bytes((seed * 37 + i * (seed + 11)) % 256 for i in range(64 + seed * 8)))

# sprintf: sprintf-js templates with positional and named arguments.
for parts in [["%s has %d items", '["Ada", 3]'], ["%1$s %2$s %1$s", '["a", "b"]'], ["%(name)s is %(age)d", '{"name": "Ada", "age": 36}'],
              ["%.2f %5.1f %-5s| %05d %+d", '[3.14159, 2.5, "x", 42, 7]'], ["%x %X %o %b %c %e %u %j %t %T %v", '[255, 255, 8, 5, 65, 12345.678, -1, {"a": 1}, true, null, 1]'],
              ["%s %s", '[1e308, -0]'], ["%%s %", "[]"], ["%(missing)s %(a.b)s", '{"a": {"b": 1}}']]:
    write("sprintf", "\0".join(parts))

for target in sorted(os.listdir(corpus)):
    print(f"{target}: {len(os.listdir(os.path.join(corpus, target)))} seeds", file=sys.stderr)

# age: the age test kit's vectors (the kit's own header lines stripped), binary and armored.
agekit = os.path.join(crypto, "age-testkit")
for path in sorted(glob.glob(os.path.join(agekit, "*"))):
    if path.endswith(".md"):
        continue
    data = open(path, "rb").read()
    write("age", data[data.index(b"\n\n") + 2:] if b"\n\n" in data else data)

# age-plugin: conversations of the age plugin protocol (c2sp.org/age-plugin) as a client and a
# plugin write them: bodies empty, short, of exactly 64 columns and longer, and grease.
def plugin_stanza(args, body=b""):
    import base64
    text = base64.b64encode(body).decode().rstrip("=")
    lines = [text[i:i + 64] for i in range(0, len(text), 64)] or [""]
    if len(lines[-1]) == 64:
        lines.append("")
    return ("-> " + " ".join(args) + "\n" + "\n".join(lines) + "\n").encode()

write("age-plugin", plugin_stanza(["add-recipient", "age1envtooltest1qyqszqgpqyqszqgpqyqszqgpqyqs5vvlpt"]) + plugin_stanza(["wrap-file-key"], bytes(range(16)))
      + plugin_stanza(["extension-labels"]) + plugin_stanza(["done"]))
write("age-plugin", plugin_stanza(["add-identity", "AGE-PLUGIN-ENVTOOLTEST-1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZZ4DW5P"]) + plugin_stanza(["grease-1a", "7", "x"], bytes(48))
      + plugin_stanza(["recipient-stanza", "0", "envtooltest", "AQIDBAUGBwgJCgsMDQ4PEA"], bytes(range(16))) + plugin_stanza(["done"]))
write("age-plugin", plugin_stanza(["msg"], b"touch the test token") + plugin_stanza(["confirm", "WWVz", "Tm8"], b"really?")
      + plugin_stanza(["request-secret"], b"PIN for the test token") + plugin_stanza(["labels", "postquantum", "hw"])
      + plugin_stanza(["recipient-stanza", "0", "envtooltest", "AQID"], bytes(range(200))) + plugin_stanza(["done"]))
write("age-plugin", plugin_stanza(["error", "recipient", "0"], b"the test key is revoked") + plugin_stanza(["file-key", "0"], bytes(16))
      + plugin_stanza(["ok", "yes"]) + plugin_stanza(["fail"]) + plugin_stanza(["unsupported"]))
write("age-plugin", b"this is not a stanza\n")

# rncryptor: the ciphertexts of the RNCryptor-Spec's password and key vectors (whose secrets the
# harness holds), and headers of another version, unknown options and truncations.
def vector_records(name):
    record = {}
    for line in open(os.path.join(crypto, "rncryptor-spec", "v3", name), encoding="utf-8").read().splitlines() + [""]:
        line = line.strip()
        if line.startswith("#"):
            continue
        if not line:
            if "title" in record:
                yield record
            record = {}
        elif ":" in line:
            key, value = line.split(":", 1)
            record[key.strip()] = value.strip()
for name in ("password", "key"):
    for record in vector_records(name):
        sealed = bytes.fromhex(record["ciphertext_hex"].replace(" ", ""))
        write("rncryptor", sealed)
        write("rncryptor", sealed[:-7])
        write("rncryptor", bytes([2]) + sealed[1:])
        write("rncryptor", sealed[:1] + bytes([5]) + sealed[2:])

# apple-format: Apple printf templates (positional, %@, %lld, widths, %%) and arguments.
for parts in [["%@ has %lld items", "Ada", "3"], ["%2$@ %1$@ %2$@", "a", "b"], ["%.2f%% of %5.1lf", "12.345", "99"],
              ["%#x %-5X %o %u %i %ld %hhd %c %C", "255", "255", "8", "-1", "7", "1", "300", "z", "65"],
              ["%e %g %E %a %*d %.*f", "1e308", "-0", "nan", "5", "3", "2", "1.5"], ["%S %s %p %n %q %", "x"]]:
    write("apple-format", "\0".join(parts))

# stringsdict and xcstrings: the AppleLocalization fixtures, plain and with arguments.
apple = os.path.join(root, "Tests", "AppleLocalizationTests", "Fixtures")
for path in sorted(glob.glob(os.path.join(apple, "**", "*.stringsdict"), recursive=True)):
    data = open(path, "rb").read()
    write("stringsdict", data)
    write("stringsdict", data + b"\x001\x0022\x00Ada")
    write("convert", bytes([5]) + data)
for path in sorted(glob.glob(os.path.join(apple, "**", "*.xcstrings"), recursive=True)):
    data = open(path, "rb").read()
    write("xcstrings", data)
    write("xcstrings", data + b"\x001\x005\x00Ada")
    write("convert", bytes([2]) + data)
for path in sorted(glob.glob(os.path.join(apple, "**", "*.strings"), recursive=True)):
    write("convert", bytes([1]) + open(path, "rb").read())

# po: headers with Plural-Forms of every shape, contexts, plurals, comments, continuation lines.
po_header = 'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Plural-Forms: nplurals={n}; plural={expr};\\n"\n\n'
po_body = ('#. Shown on the button.\n#, fuzzy\nmsgctxt "verb"\nmsgid "open"\nmsgstr "ouvrir"\n\n'
           'msgid "apple"\nmsgid_plural "apples"\nmsgstr[0] "%d pomme"\nmsgstr[1] "%d pommes"\nmsgstr[2] "%d p"\n\n'
           'msgid "multi"\nmsgstr ""\n"line \\"one\\"\\n"\n"two \\t %s {{name}}"\n')
for lang, n, expr in [("fr", 2, "(n > 1)"), ("en", 2, "n != 1"), ("ja", 1, "0"),
                      ("ru", 3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
                      ("ar", 6, "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5"),
                      ("pl", 3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2)"),
                      ("ru", 3, "!(n % 10 == 1) + -n / 0")]:
    text = po_header.format(lang=lang, n=n, expr=expr) + po_body
    write("po", text)
    write("convert", bytes([3]) + text.encode("utf-8"))

# xliff: Xcode's XLIFF 1.2 export shape, with plural variants and notes.
xliff = '''<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="en.lproj/Localizable.strings" source-language="en" target-language="ru" datatype="plaintext">
    <header><tool tool-id="com.apple.dt.xcode" tool-name="Xcode"/></header>
    <body>
      <trans-unit id="greeting" xml:space="preserve"><source>Hello, %@!</source><target>Привет, %@!</target><note>On launch &amp; &lt;b&gt; &#x41;</note></trans-unit>
      <trans-unit id="a"><source>A</source><target>Б</target></trans-unit>
    </body>
  </file>
  <file original="en.lproj/Localizable.stringsdict" source-language="en" target-language="ru" datatype="plaintext">
    <body>
      <trans-unit id="/items:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source><target>%#@n@</target></trans-unit>
      <trans-unit id="/items:dict/n:dict/one:dict/:string"><source>%d item</source><target>%d предмет</target></trans-unit>
      <trans-unit id="/items:dict/n:dict/other:dict/:string"><source>%d items</source><target>%d предметов</target></trans-unit>
    </body>
  </file>
</xliff>
'''
write("xliff", xliff)
write("xliff", xliff.replace(' target-language="ru"', "", 1))
write("convert", bytes([4]) + xliff.encode("utf-8"))
write("convert", bytes([0]) + b'{"greeting":"Hello, {{name}}!","item_one":"{{count}} item","item_other":"{{count}} items","nested":{"a":"$t(greeting)"}}')

# android: res/values-ru/strings.xml with every escape aapt knows, markup, <xliff:g>, plurals, arrays.
android = '''<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" tools:locale="ru">
  <!-- Shown on launch -->
  <string name="greeting">Привет, <xliff:g id="name">%1$s</xliff:g>!</string>
  <string name="escapes">It\\'s \\"q\\" \\\\ \\n\\t \\u00e9 \\@ \\?  "  kept  " end</string>
  <string name="cdata"><![CDATA[<b>x</b>  y]]></string>
  <string name="styled">Hi <b>bold</b> <i>it</i> <u>u</u></string>
  <string name="raw" formatted="false">100% %s</string>
  <string name="ref">@string/greeting</string>
  <string name="fixed" translatable="false">envtool</string>
  <!-- Key: Sign-out -->
  <string name="sign_out">Выйти</string>
  <string name="price"><xliff:g id="n" ctype="x-format:number">%1$d</xliff:g> за <xliff:g ctype="x-format:lld">%2$d</xliff:g> %%</string>
  <plurals name="files">
    <item quantity="one"><xliff:g id="count">%d</xliff:g> файл</item>
    <item quantity="few"><xliff:g id="count">%d</xliff:g> файла</item>
    <item quantity="many"><xliff:g id="count">%d</xliff:g> файлов</item>
    <item quantity="other"><xliff:g id="count">%d</xliff:g> файла</item>
  </plurals>
  <string-array name="planets"><item>Меркурий</item><item>Венера</item></string-array>
</resources>
'''
write("android", android)
write("android", android.replace(' tools:locale="ru"', "", 1))
write("convert", bytes([6]) + android.encode("utf-8"))

# pseudo: the convert seeds' first byte picks the reader (i18next, .strings, .xcstrings, .po, XLIFF);
# texts with markup, references, brace groups, conversions kept as text, nesting and plurals.
write("pseudo", bytes([0]) + compact({"greeting": "Hello, {{name}}!", "item_one": "{{count}} item", "item_other": "{{count}} items",
                                      "markup": "<b>Bold</b> &amp; <a href=\"https://example.com\">link</a> &#8217; a < b <3",
                                      "braces": "Step {0} of {total}, {n, plural, one {# x} other {# y}} { open",
                                      "printf": "%s %1$@ %-5.2lf %(name)s %% 100% done", "nested": "See $t(greeting) $t(open",
                                      "empty": "", "ctx_male": "He"}).encode("utf-8"))
write("pseudo", bytes([1]) + '"a" = "Hello %@, <i>%2$lld</i> & {{x}}";\n"b" = "";\n'.encode("utf-8"))
write("pseudo", bytes([3]) + (po_header.format(lang="en", n=2, expr="n != 1") + po_body).encode("utf-8"))
write("pseudo", bytes([4]) + xliff.encode("utf-8"))
write("pseudo", bytes([2]) + compact({"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {
    "variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld <b>item</b>"}},
                              "other": {"stringUnit": {"state": "translated", "value": "%lld items &amp;"}}}}}}}}}).encode("utf-8"))

# convert-paths: format byte, file name, NUL, content; names from the content and the file name
# that try to leave the destination (issue #21), and ordinary ones.
i18next_seed = b'{"greeting":"Hello","item_one":"{{count}} item","item_other":"{{count}} items"}'
for name in [b"en", b"..", b"en-US", b"ru\\..", b"%2e%2e", b"C:", b"-"]:
    write("convert-paths", bytes([0]) + name + b"\0" + i18next_seed)
    write("convert-paths", bytes([1]) + name + b"\0" + b'"greeting" = "Hello";\n')
for name, language in [(b"messages", "ru"), (b"package", ".."), (b"settings", "../.vscode"), (b"x", "/etc"), (b"y", "en/../../z"), (b"..json", "fr")]:
    text = po_header.format(lang=language, n=2, expr="n != 1") + po_body
    write("convert-paths", bytes([3]) + name + b"\0" + text.encode("utf-8"))
for target, original in [("ru", "en.lproj/Localizable.strings"), ("../..", "en.lproj/Localizable.strings"), ("ru", "../../Localizable.strings"),
                         ("ru", "/abs/x.strings"), ("ru", "en.lproj/..strings"), (".", "en.lproj/Localizable.stringsdict")]:
    text = xliff.replace('target-language="ru"', 'target-language="%s"' % target, 1).replace('original="en.lproj/Localizable.strings"', 'original="%s"' % original, 1)
    write("convert-paths", bytes([4]) + b"Localizable\0" + text.encode("utf-8"))
for source, language in [("en", "ru"), ("..", "ru"), ("en", "../x"), ("en", "/tmp"), ("en/..", "fr")]:
    catalog = {"sourceLanguage": source, "version": "1.0", "strings": {"greeting": {"localizations": {language: {"stringUnit": {"state": "translated", "value": "Hi"}}}}}}
    write("convert-paths", bytes([2]) + b"Localizable\0" + compact(catalog).encode("utf-8"))
for folder in [b"values", b"values-ru", b"values-b+sr+Latn", b"values-pt-rBR", b"values-b+..", b"values-b+sr+..+x", b"values-night"]:
    write("convert-paths", bytes([5]) + folder + b"\0" + android.encode("utf-8"))
    write("convert-paths", bytes([5]) + folder + b"\0" + android.replace('tools:locale="ru"', 'tools:locale="../x"', 1).encode("utf-8"))
# generate-swift: folder NUL file NUL configuration NUL key NUL value …; a key or configuration
# written as a JSON string is that string. Names and texts that would leave a comment or a
# literal, keys Swift cannot take as names, and every kind of variable and translation.
pwned = '\n#error("PWNED")\n'
for parts in [
    ["environments", "environments.json", "Release", "base_url", '"https://example.com"', "port", "8080", "ratio", "0.5",
     "flags", '["a", "b"]', "api", '{"timeout": 30, "retry": {"count": 3}}', "greeting", "Hello, {{name}}!",
     "items_one", "{{count}} item", "items_other", "{{count}} items", "place_ordinal_one", "{{count}}st",
     "place_ordinal_other", "{{count}}th", "price", "{{amount, currency(EUR)}} for {{- user.name}}",
     "transfer", "Send %1$@ to %2$lld at %3$.2f%% %c"],
    ["app" + pwned, "env" + pwned + "\r\u2028\u202e.json", '"Release\\n#error(\\"PWNED\\")\\u0000"',
     'quote"); #error("PWNED', '"v */ \\n#error(\\"PWNED\\")\\r\\u2029 \\u0000 \\u202egnp.exe"',
     '"nul\\u0000key\\u0085"', "/* open", "k\\", 'tail \\', "a\u202eb\u2066c\u2069", "{{na\"me}} {{x\u202e}}",
     "only_in_debug", "1"],
    ["d", "e.json", "Debug", "〡", "1", "〢.〣", "{{〤}}", "a〥", "true", "〦〧〨〩", '{"〡": {"〢": 2}}'],
    [".", "..", "", "class", "1", "self", "2", "environment", "e", "EnvtoolL10nRuntime", "r", "Swift", "s", "", "empty",
     "_", "u", "2fa.title", "t", "a.b", "x", "a-b", "1", "a_b", "2", "default.in", "k", "nothing", "[]", "mixed", "null",
     "big", "1e400", "objects", '[{"a": 1}]', "list", '["arrays", "are not translations"]'],
    ["z", "z.json", "Release", "a\u200db", "1", "\u3164", "2", "e\ufe0f", "3", "\u0301x", "4", "\u00bd", "5", "🙂", "6",
     "ǆx", '{"ŉy": 1}', "\u2028", "{{count}}", "\u061c\u200e\u200f", "%@ %#@items@"],
]:
    write("generate-swift", "\0".join(parts))

# gitignore: patterns, NUL, a path asked about as a file and a folder.
for rules, path in [("*.xcstrings\n!Keep.xcstrings\n", "a/Keep.xcstrings"), ("/build/\nnode_modules\n", "build"),
                    ("docs/**/gen\n# comment\n\\#x\n", "docs/a/b/gen"), ("[a-c]?.tmp\n[!x\n", "b1.tmp"),
                    ("**/**/**/" * 20 + "z\n", "a/" * 30 + "z"), ("*a" * 60 + "b\n", "a" * 200)]:
    write("gitignore", rules.encode("utf-8") + b"\0" + path.encode("utf-8"))
# secret-keys: what envtool guard scans: the fixtures' keys and identities, an age identity (the
# test kit's) inside other text, and text that only looks like keys.
for name in ("v1-key.key", "v1-identity", "v1-identity.pub"):
    write("secret-keys", open(os.path.join(crypto, name), "rb").read())
for path in sorted(glob.glob(os.path.join(crypto, "age-testkit", "*")))[:4]:
    write("secret-keys", open(path, "rb").read()[:4096])
write("secret-keys", "# deploy\nAGE_KEY=AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPQ4EGAEX\n")
write("secret-keys", "Decrypt with a file of AGE-SECRET-KEY-1\u2026 lines; keys are envtool-key-1:<base64>.\n")
write("secret-keys", "envtool-key-1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\nage-secret-key-1qqqq\nAGE-PLUGIN-YUBIKEY-1QQQQ\n")

# sops: the fixture sops 3.11 wrote (its identity is the harness's), and one with a value cut short.
sops_file = open(os.path.join(crypto, "sops", "environments.sops.json"), "rb").read()
write("sops", sops_file)
write("sops", sops_file.replace(b"ENC[AES256_GCM,data:", b"ENC[AES256_GCM,data:A", 1))

# ssh-keys: an OpenSSH private key (even first byte) built from RFC 8032's first Ed25519 test
# vector (a published key, not a secret), and SSH public key lines (odd first byte).
def ssh_string(data):
    return len(data).to_bytes(4, "big") + data
def openssh_key(seed_hex, public_hex):
    import base64
    seed, public = bytes.fromhex(seed_hex), bytes.fromhex(public_hex)
    wire = ssh_string(b"ssh-ed25519") + ssh_string(public)
    private = b"\x01\x02\x03\x04" * 2 + wire + ssh_string(seed + public) + ssh_string(b"rfc8032@example")
    private += bytes(range(1, 1 + (-len(private)) % 8))
    blob = b"openssh-key-v1\0" + ssh_string(b"none") + ssh_string(b"none") + ssh_string(b"") + (1).to_bytes(4, "big") + ssh_string(wire) + ssh_string(private)
    text = base64.b64encode(blob).decode()
    lines = [text[i:i + 70] for i in range(0, len(text), 70)]
    return ("-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END OPENSSH PRIVATE KEY-----\n").encode(), wire
rfc8032_key, rfc8032_wire = openssh_key("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
                                        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
write("ssh-keys", b"\x00" + rfc8032_key)
write("ssh-keys", b"\x00" + rfc8032_key.replace(b"KEY-----\n", b"KEY-----\r\n", 1))
import base64 as _b64
rsa_wire = ssh_string(b"ssh-rsa") + ssh_string(b"\x01\x00\x01") + ssh_string(b"\x00\xc5" + bytes(range(255)))
write("ssh-keys", b"\x01# team\nssh-ed25519 " + _b64.b64encode(rfc8032_wire) + b" someone@example\n\nssh-rsa " + _b64.b64encode(rsa_wire) + b"\n")
write("ssh-keys", b"\x01ssh-ed25519\t" + _b64.b64encode(rfc8032_wire) + b"\nage1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq\n")
# The same key protected with the passphrase "fuzz" (the harness's) and 1 bcrypt round, as
# `ssh-keygen -p -a 1 -Z CIPHER -N fuzz` wrote it from the key above (its salt and check numbers
# are random, so the result is kept here rather than made again): aes256-ctr, whose bit flips reach
# the decrypted fields one for one, and chacha20-poly1305@openssh.com, whose tag catches them.
for protected in ("b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABDGaWcC3Phjn0edYJw9wPUPAAAAAQAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAINdamAGCsQq31Uv+08lkBzoO4XLz2qYjJa8CGmj3B1EaAAAAoE3rIJDHd21nOXcNmDTGYMWhL8Qx0hvNCh1l2mczmVSzgEClQ8Z60Pf75Y5mYtR/XZ3+DeueZOUnM/XZvueIMnFdEL5lB8SASHtzvkzYyrdTCILxMa51aL58GGjTWxQiw8o0YeWh80KwmS+9meYBRJ3V8pOakmFP3kR/FfHfunUf/LnXmi8aopfgjgiHI4mhLmYjZvzUxRnefjX2qNp/UBg=",
                  "b3BlbnNzaC1rZXktdjEAAAAAHWNoYWNoYTIwLXBvbHkxMzA1QG9wZW5zc2guY29tAAAABmJjcnlwdAAAABgAAAAQJVPgAOJ/EJ1o4kqPR6zHegAAAAEAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACDXWpgBgrEKt9VL/tPJZAc6DuFy89qmIyWvAhpo9wdRGgAAAJipKpSgus6xHneZ0pGmFG5Do3jNyscK1berMLnYWDJY4RXapRVESl8hfSqIQvgLTU5d+eHWND1nm7ugvnYEuhp9p4eMRnER3lpNUqsn6k0NW28eFJe9kOV9zE/OvFC7wgcVv3WcSJuScb0oqcA9NPmw1agFN6hO0diP+9PLQPwY/2quRvdArDXw1EZDepo9CR5Db6S4w0OtcASRaK7UOK85neekEAodlTI="):
    lines = [protected[i:i + 70] for i in range(0, len(protected), 70)]
    write("ssh-keys", b"\x00" + ("-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END OPENSSH PRIVATE KEY-----\n").encode())

# placeholders: i18next texts as the converters and the lint scan them, with the shapes that were
# quadratic (many placeholders and no nesting, unclosed braces on one line).
for text in ["Hello {{name}}, {{- raw}} {{value, number}} $t(other.key, {\"count\": 2}) {{unclosed",
             "{{x}}" * 200, "{{" * 300, "$t(" * 300 + ")", "é{{x}}\u0301" * 50, "a\r\n{{b}}\u2028{{c}}", "{{a}}$t(b){{c}}"]:
    write("placeholders", text)
# extract-write: a call's table or namespace, NUL, its key, NUL, its default value.
for parts in [("Localizable", "app.title", "Title"), ("common", "a.b.c", ""), ("..", "k", "v"), ("a/b", "k", "v"),
              ("translation", "x" * 40 + "." + "y", "z"), ("Sub Table", "k.", "v"), ("\u202eTable", "k", "v")]:
    write("extract-write", "\0".join(parts))

# aws-kms: age-plugin-awskms's inputs, the first byte picking the reader: 0 shared config and
# credentials files, 1 (+4·n for the HTTP status) KMS JSON answers, 2 recipients, identities and
# key text forms, 3 a recipient-v1 and 7 an identity-v1 conversation from a client.
write("aws-kms", b"\x00" + b"[default]\nregion = eu-west-1 # inline\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = s3cr3t/+x\n"
      + b"[profile dev]\nservices = local\nendpoint_url = http://127.0.0.1:4566\n[services local]\nkms =\n  endpoint_url = http://kms\n")
write("aws-kms", b"\x00" + b"\xef\xbb\xbf; comment\r\n[dev]\r\naws_access_key_id=AKIA\r\naws_session_token = t\r\nrole_arn = arn:aws:iam::1:role/x\r\n")
write("aws-kms", b"\x01" + b'{"CiphertextBlob":"AQIDBA==","KeyId":"arn:aws:kms:us-east-1:1:key/x","EncryptionAlgorithm":"SYMMETRIC_DEFAULT"}')
write("aws-kms", b"\x01" + b'{"Plaintext":"AAECAwQFBgcICQoLDA0ODw==","KeyId":"x"}')
write("aws-kms", b"\x05" + b'{"__type":"com.amazonaws.kms#DisabledException","message":"arn:aws:kms:us-east-1:1:key/x is disabled."}')
write("aws-kms", b"\x09" + b"<ErrorResponse><Error><Code>AccessDenied</Code><Message>User: x is not authorized</Message></Error></ErrorResponse>")
# The credential sources' answers (STS XML, credential_process/container/IMDS JSON) and role profiles.
write("aws-kms", b'\x01<AssumeRoleWithWebIdentityResponse><AssumeRoleWithWebIdentityResult><Credentials><AccessKeyId>ASIAEXAMPLE</AccessKeyId><SecretAccessKey>sts/secret+x</SecretAccessKey><SessionToken>FwoGZXIvYXdz</SessionToken><Expiration>2099-01-01T00:00:00Z</Expiration></Credentials></AssumeRoleWithWebIdentityResult></AssumeRoleWithWebIdentityResponse>')
write("aws-kms", b'\x01{"Version": 1, "AccessKeyId": "AKIAPROCESS", "SecretAccessKey": "process/secret", "SessionToken": "t", "Expiration": "2099-01-01T00:00:00Z"}')
write("aws-kms", b'\x01{"Code": "Success", "AccessKeyId": "ASIAINSTANCE", "SecretAccessKey": "imds/secret", "Token": "t", "Type": "AWS-HMAC"}')
write("aws-kms", b'\x00[profile ci]\nrole_arn = arn:aws:iam::1:role/ci\nsource_profile = base\nexternal_id = x\n[profile base]\ncredential_process = /bin/false\n[profile web]\nrole_arn = arn:aws:iam::1:role/w\nweb_identity_token_file = /t\n')
write("aws-kms", b"\x02" + b"age1awskms1v9exuwnpwaen56mdwva82uedv4shxapdxyarzvf3xyeryv3jxvenxve6ddjhjte3xgengctzvdjz6vfjv93z6ve5vdjz6dfkv4nz6vfjxv6r2d3h8qunqctzw34rne")
write("aws-kms", b"\x02" + b"AGE-PLUGIN-AWSKMS-1V46J6AM9WD6Z6VF0V9KXJCTN9ASHQUQ4RF7JY")
write("aws-kms", b"\x02" + b"eu-west-1/alias/app")
write("aws-kms", b"\x03" + plugin_stanza(["add-recipient", "age1awskms1v9exuwnpwaen56mdwva82uedv4shxapdxyarzvf3xyeryv3jxvenxve6ddjhjte3xgengctzvdjz6vfjv93z6ve5vdjz6dfkv4nz6vfjxv6r2d3h8qunqctzw34rne"]) + plugin_stanza(["add-identity", "AGE-PLUGIN-AWSKMS-19G6ZW25Z"])
      + plugin_stanza(["grease-x", "y"], bytes(5)) + plugin_stanza(["wrap-file-key"], bytes(range(16))) + plugin_stanza(["done"]) + plugin_stanza(["ok"]) * 3)
write("aws-kms", b"\x07" + plugin_stanza(["add-identity", "AGE-PLUGIN-AWSKMS-19G6ZW25Z"])
      + plugin_stanza(["recipient-stanza", "0", "awskms", "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab", "ZW52aXJvbm1lbnRzLmJpbg"], bytes(range(150)))
      + plugin_stanza(["recipient-stanza", "0", "awskms", "nokey"], bytes(3)) + plugin_stanza(["recipient-stanza", "1", "X25519", "abc"], bytes(32))
      + plugin_stanza(["done"]) + plugin_stanza(["ok"]) * 3)
