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
