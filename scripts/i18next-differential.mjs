#!/usr/bin/env node
// Differential corpus for envtool's i18next engine: generates random but reproducible (seeded)
// resources, options and t() calls, runs them through the real i18next, and writes what it
// returned in the schema of Tests/I18NextTests/Fixtures/conformance/README.md. The Swift test
// DifferentialTests replays the recording and compares (see Tests/I18NextTests/Fixtures/differential/README.md).
//
//   node scripts/i18next-differential.mjs --i18next /tmp/i18next-src [--seed 2611] [--cases 800] \
//        [--sprintf path/to/sprintf-js/src/sprintf.js] [--out Tests/I18NextTests/Fixtures/differential/corpus.json]
//
// --i18next (or I18NEXT_SRC) is a checkout of github.com/i18next/i18next; the script imports its
// src/index.js directly (node 20, ES modules, no npm install). Without one it skips and exits 0.
// i18next is never copied into this repository. sprintf-js (the library of
// i18next-sprintf-postprocessor) is looked up in --sprintf, SPRINTF_JS, or npm's own copy; without
// it the sprintf cases are left out.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && index + 1 < args.length ? args[index + 1] : fallback;
};
const source = option('i18next', process.env.I18NEXT_SRC);
if (!source || !fs.existsSync(path.join(source, 'src', 'index.js'))) {
  console.error('i18next-differential: no i18next checkout (pass --i18next DIR or set I18NEXT_SRC); skipping.');
  process.exit(0);
}
const seed = Number(option('seed', '2611'));
const caseCount = Number(option('cases', '800'));
const output = option('out', 'Tests/I18NextTests/Fixtures/differential/corpus.json');
const version = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')).version;
const { default: i18next } = await import(pathToFileURL(path.join(source, 'src', 'index.js')).href);

const sprintfCandidates = [option('sprintf', process.env.SPRINTF_JS),
  '/usr/lib/node_modules/npm/node_modules/sprintf-js/src/sprintf.js',
  '/usr/local/lib/node_modules/npm/node_modules/sprintf-js/src/sprintf.js'].filter(Boolean);
const sprintfPath = sprintfCandidates.find((candidate) => fs.existsSync(candidate));
const sprintfJS = sprintfPath ? createRequire(import.meta.url)(sprintfPath) : null;
const sprintfVersion = sprintfPath
  ? JSON.parse(fs.readFileSync(path.join(path.dirname(sprintfPath), '..', 'package.json'), 'utf8')).version : null;

// i18next-sprintf-postprocessor's processor, as published (its whole logic is these lines).
const sprintfProcessor = {
  type: 'postProcessor',
  name: 'sprintf',
  process(value, key, options) {
    if (!options.sprintf) return value;
    if (Array.isArray(options.sprintf)) return sprintfJS.vsprintf(value, options.sprintf);
    return sprintfJS.sprintf(value, options.sprintf);
  },
};

// mulberry32: small, seeded, the same sequence on every machine.
let state = seed >>> 0;
const random = () => {
  state = (state + 0x6D2B79F5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n) => Math.floor(random() * n);
const pick = (list) => list[int(list.length)];
const chance = (p) => random() < p;

// Values JSON cannot carry are written as {"$js": "NaN" | "Infinity" | "-Infinity" | "-0"}.
const encode = (value) => {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return { $js: 'NaN' };
    if (value === Infinity) return { $js: 'Infinity' };
    if (value === -Infinity) return { $js: '-Infinity' };
    if (Object.is(value, -0)) return { $js: '-0' };
    return value;
  }
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value;
};

const oddNumbers = [0, -0, 1, 2, 5, 11, 21, 101, 0.5, 1.5, -1, -2.5, 1234.5678, 1e21, 1e308, -1e308,
  1e-7, 123456789.123, NaN, Infinity, -Infinity, 4294967296, -4294967297, 2 ** 53 + 2];
const oddStrings = ['nan', 'inf', 'Infinity', ' 12 ', '0x1A', '1e3', '', 'abc', '3.7', '-0', '12px'];
const languages = ['en', 'de', 'fr', 'ar', 'ru', 'pl', 'ja', 'cy', 'es', 'ca', 'pt-BR', 'de-AT', 'en-GB', 'sl', 'he'];
const words = ['apple', 'Ada', 'tree', 'car', '<b>bold</b>', 'a & b', "it's", 'über', '😀'];

const numberOrOdd = () => (chance(0.8) ? pick(oddNumbers) : pick(oddStrings));

function formatSpec() {
  switch (int(9)) {
    case 0: return 'number';
    case 1: return `number(minimumFractionDigits: ${pick([0, 1, 2, 3, -1, 101, 1000000000, '1e9', 2.5])})`;
    case 2: return `number(maximumFractionDigits: ${pick([0, 1, 2, 20, -2, 100, 101])})`;
    case 3: return pick(['currency(EUR)', 'currency(USD)', 'currency(JPY)', 'currency(currency: EUR; currencyDisplay: code)',
      'currency(currency: USD; minimumFractionDigits: 3)', 'currency(currency: EUR; maximumFractionDigits: -1)']);
    case 4: return pick(['number(style: percent)', 'number(notation: compact)', 'number(signDisplay: always)',
      'number(useGrouping: false)', 'number(minimumIntegerDigits: 3)', 'number(maximumSignificantDigits: 3)',
      'number(minimumSignificantDigits: 0)', 'number(maximumSignificantDigits: 22)']);
    case 5: return pick(['datetime', 'datetime(year: numeric; month: long; day: numeric)', 'datetime(dateStyle: short)',
      'datetime(hour: numeric; minute: 2-digit)', 'datetime(weekday: long)']);
    case 6: return pick(['relativetime', 'relativetime(hours)', 'relativetime(range: month; style: short)',
      'relativetime(quarter)', 'relativetime(range: year; numeric: auto)']);
    case 7: return pick(['list', 'list(type: disjunction)', 'list(style: short; type: unit)']);
    default: return pick(['lowercase', 'number, currency(EUR)', 'NUMBER']);
  }
}

function formatValue(spec) {
  if (spec.startsWith('list')) return pick([['a', 'b', 'c'], ['one'], [], ['x', 'y']]);
  if (spec.startsWith('datetime')) return pick([0, 86400000 * 365.25 * 30, 1700000000000, -1e12, 8.64e15, 8.64e15 + 1]);
  return numberOrOdd();
}

function familyInterpolation(resources, calls) {
  const v = pick(['name', 'who', 'user.name']);
  resources.greet = pick([`Hello {{${v}}}!`, `Hi {{- ${v}}} and {{${v}}}`, `{{ ${v} }} {{missing}}`, `Raw {{-${v}}}`]);
  resources.plain = 'Plain text';
  for (let i = 0; i < 6; i++) {
    const value = chance(0.6) ? pick(words) : numberOrOdd();
    const options = v === 'user.name' ? { user: { name: value } } : { [v]: value };
    if (chance(0.2)) options.interpolation = { escapeValue: chance(0.5) };
    calls.push({ key: pick(['greet', 'greet', 'plain', 'nope']), options });
  }
}

function familyFormat(resources, calls) {
  const specs = [formatSpec(), formatSpec(), formatSpec()];
  specs.forEach((spec, index) => { resources[`f${index}`] = `V: {{value, ${spec}}}`; });
  for (let i = 0; i < 8; i++) {
    const index = int(specs.length);
    const options = { value: formatValue(specs[index]), timeZone: 'UTC' };
    if (chance(0.2)) options.lng = pick(languages);
    if (chance(0.15)) options.formatParams = { value: pick([{ minimumFractionDigits: pick([-1, 2, 200]) },
      { maximumFractionDigits: pick([-3, 1, 1e9]) }, { currency: 'GBP' }, { locale: 'de' }]) };
    if (chance(0.1)) options.minimumFractionDigits = pick([-1, 4]);
    calls.push({ key: `f${index}`, options });
  }
}

function familyNesting(resources, calls, lng) {
  resources.q = 'Q';
  resources.item_one = '{{count}} item';
  resources.item_other = '{{count}} items';
  resources.friend = 'a friend';
  resources.friend_male = 'a boyfriend';
  resources.friend_female = 'a girlfriend';
  resources.friend_male_one = '{{count}} boyfriend';
  resources.friend_male_other = '{{count}} boyfriends';
  const count = pick([0, 1, 2, 5, 1234.5678, -1, 21]);
  const space = pick(['', ' ', '  ']);
  const templates = [
    '$t(q)$t(q)', '$t(q) and $t(q) and $t(q)', 'x $t(q) y $t(friend)',
    `$t(item, {"count": ${count}${space}})`, `$t(item, {'count': ${count} })`, `$t(item,{"count": {{n}}})`,
    `$t(missing.key, {"context": "male"})`, `$t(friend, {"context": "male"})`, `$t(friend, {"context": "male", "count": ${count}})`,
    `$t(friend, { "context": "{{ctx}}" })`, '$t(item, {"count": 2}) + $t(item, {"count": 2})', '$t(q, number)',
    '$t(item, {"count": 1}) $t(q)$t(q)', '$t(friend, {"context": "female"}) $t(missing, {"count": 3})',
    '$t(item, {"count": 3, "defaultValue": "dv"}) $t(nope, {"defaultValue": "nested default"})', '$t(q',
  ];
  for (let i = 0; i < 4; i++) resources[`n${i}`] = pick(templates);
  for (let i = 0; i < 7; i++) {
    const options = {};
    if (chance(0.5)) options.n = pick([0, 1, 3, 1.5]);
    if (chance(0.3)) options.ctx = pick(['male', 'female', 'other']);
    if (chance(0.2)) options.count = pick([1, 2]);
    calls.push({ key: `n${int(4)}`, options });
  }
}

const pluralSuffixes = ['zero', 'one', 'two', 'few', 'many', 'other'];
function familyPlural(resources, calls) {
  for (const suffix of pluralSuffixes) if (chance(0.8)) resources[`p_${suffix}`] = `${suffix}: {{count}}`;
  resources.p_other = 'other: {{count}}';
  for (const suffix of ['one', 'two', 'few', 'other']) if (chance(0.7)) resources[`p_ordinal_${suffix}`] = `${suffix} place {{count}}`;
  resources.c_male_one = 'one male {{count}}';
  resources.c_male_other = 'male {{count}}';
  resources.c = 'neutral {{count}}';
  for (let i = 0; i < 8; i++) {
    const options = { count: chance(0.85) ? pick([0, 1, 2, 3, 4, 5, 6, 11, 12, 21, 22, 100, 101, 1.5, 0.1, -1, -2, 1e308, 1e21, -0, NaN]) : pick(['2', true, null]) };
    if (chance(0.3)) options.ordinal = true;
    if (chance(0.2)) options.lng = pick(languages);
    const key = chance(0.8) ? 'p' : 'c';
    if (key === 'c' && chance(0.7)) options.context = pick(['male', 'female', '']);
    calls.push({ key, options });
  }
}

function familyFallback(resources, calls, init) {
  resources.only = 'only in main';
  init.fallbackLng = pick([['fr', 'en'], 'en', { 'de-AT': ['de'], default: ['en'] }, ['dev']]);
  init.resources.en = { translation: { fb: 'from en', p_one: 'en one', p_other: 'en other {{count}}' } };
  init.resources.fr = { translation: { fb: 'depuis fr', fr_only: 'fr only' } };
  init.resources.de = { translation: { fb: 'von de', de_only: 'nur de' } };
  for (let i = 0; i < 6; i++) {
    const options = {};
    if (chance(0.4)) options.lng = pick(['de-AT', 'fr-CA', 'xx', 'en']);
    if (chance(0.3)) options.count = pick([1, 2]);
    if (chance(0.2)) options.defaultValue = 'default';
    calls.push({ key: pick(['only', 'fb', 'fr_only', 'de_only', 'p', 'none', ['none', 'fb']]), options });
  }
}

const sprintfConversions = ['s', 'd', 'i', 'f', 'e', 'g', 'x', 'X', 'o', 'b', 'u', 'c', 'j', 't', 'T', 'v'];
function sprintfPlaceholder() {
  let text = '%';
  if (chance(0.15)) text += '+';
  if (chance(0.15)) text += pick(['0', "'*"]);
  if (chance(0.1)) text += '-';
  if (chance(0.25)) text += String(pick([1, 5, 12]));
  if (chance(0.25)) text += `.${pick([0, 1, 2, 3, 101])}`;
  return text + pick(sprintfConversions);
}
const sprintfArgument = () => (chance(0.7) ? pick(oddNumbers.concat([65, 255, 97.9, -65])) : pick(oddStrings.concat(['x', true, false, null, [5], [1, 2]])));

function familySprintf(resources, calls) {
  for (let i = 0; i < 3; i++) {
    const parts = [];
    const n = 1 + int(3);
    for (let j = 0; j < n; j++) parts.push(sprintfPlaceholder());
    resources[`s${i}`] = `S ${parts.join(' | ')} %%`;
  }
  resources.named = 'Hello %(name)s, %(n)d';
  resources.pos = '%2$s then %1$s';
  for (let i = 0; i < 7; i++) {
    const key = pick(['s0', 's1', 's2', 's0', 'named', 'pos']);
    const options = { postProcess: 'sprintf' };
    if (key === 'named') options.sprintf = { name: pick(words), n: sprintfArgument() };
    else options.sprintf = [sprintfArgument(), sprintfArgument(), sprintfArgument()];
    calls.push({ key, options });
  }
}

function familyDefaults(resources, calls) {
  resources.empty = '';
  resources.nul = null;
  resources.arr = ['a', 'b {{v}}'];
  resources.obj = { x: 'X', y: 'Y {{v}}' };
  for (let i = 0; i < 6; i++) {
    const options = {};
    if (chance(0.4)) options.defaultValue = pick(['dv', 'dv {{v}}', '']);
    if (chance(0.4)) options.v = pick(words);
    if (chance(0.2)) options.returnObjects = true;
    if (chance(0.2)) options.joinArrays = pick(['+', '\n']);
    calls.push({ key: pick(['empty', 'nul', 'arr', 'obj', 'obj.x', 'missing', 'obj.y']), options });
  }
}

function familyNamespaces(resources, calls, init, lng) {
  resources.title = 'Title {{v}}';
  resources['dotted.key'] = 'flat dotted';
  resources.deep = { inner: { leaf: 'Leaf $t(common:shared)' } };
  init.ns = ['translation', 'common'];
  init.resources[lng].common = { shared: 'Shared', 'with:colon': 'colon key', plural_one: 'one {{count}}', plural_other: 'other {{count}}' };
  if (chance(0.3)) init.keySeparator = pick([false, '/', '.']);
  if (chance(0.3)) init.nsSeparator = pick([false, '::', ':']);
  if (chance(0.2)) init.fallbackNS = 'common';
  if (chance(0.2)) init.returnNull = true;
  if (chance(0.2)) init.interpolation = pick([{ prefix: '[[', suffix: ']]' }, { escapeValue: false }, { skipOnVariables: false }]);
  if (chance(0.1)) init.appendNamespaceToMissingKey = true;
  for (let i = 0; i < 6; i++) {
    const options = {};
    if (chance(0.4)) options.v = pick(words.concat(['$t(common:shared)', '{{v}}']));
    if (chance(0.2)) options.ns = pick(['common', ['common', 'translation']]);
    if (chance(0.2)) options.count = pick([1, 2]);
    if (chance(0.1)) options.lng = 'cimode';
    calls.push({ key: pick(['title', 'dotted.key', 'deep.inner.leaf', 'deep/inner/leaf', 'common:shared', 'common::shared',
      'shared', 'with:colon', 'common:plural', 'Error: not found.', 'missing:key']), options });
  }
}

const families = [familyNamespaces, familyInterpolation, familyFormat, familyFormat, familyNesting, familyNesting, familyPlural,
  familyPlural, familyFallback, familyDefaults].concat(sprintfJS ? [familySprintf, familySprintf] : []);

function run(init, call) {
  const instance = i18next.createInstance();
  if (sprintfJS) instance.use(sprintfProcessor);
  instance.init({ ...init, initAsync: false });
  try {
    return { value: instance.t(call.key, call.options) };
  } catch (error) {
    // What i18next gives without the post-processor that threw: envtool returns that, plus a warning.
    if (call.options.postProcess === 'sprintf') {
      const { postProcess, ...rest } = call.options;
      return { value: instance.t(call.key, rest), threw: String(error) };
    }
    return null;
  }
}

const cases = [];
let dropped = 0;
for (let index = 0; index < caseCount; index++) {
  const family = families[index % families.length];
  const lng = chance(0.7) ? pick(['en', 'en', 'de', 'ar', 'ru', 'pl', 'fr', 'ja', 'cy']) : pick(languages);
  const translation = {};
  const init = { lng, resources: { [lng]: { translation } } };
  if (chance(0.5)) init.fallbackLng = 'en';
  const calls = [];
  family(translation, calls, init, lng);
  const recorded = [];
  for (const call of calls) {
    const result = run(init, call);
    if (!result) { dropped += 1; continue; }
    const entry = { key: call.key, options: encode(call.options), expected: encode(result.value === undefined ? null : result.value) };
    if (result.threw) entry.threw = result.threw;
    recorded.push(entry);
  }
  cases.push({ id: `d${String(index).padStart(4, '0')}`, feature: family.name.replace('family', '').toLowerCase(), init: encode(init), calls: recorded });
}

const corpus = {
  suite: 'i18next-differential',
  engine: `i18next ${version}` + (sprintfVersion ? `, sprintf-js ${sprintfVersion}` : ''),
  generator: `scripts/i18next-differential.mjs --seed ${seed} --cases ${caseCount}`,
  cases,
};
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, JSON.stringify(corpus, null, 0).replace(/\{"id"/g, '\n{"id"') + '\n');
const callTotal = cases.reduce((sum, c) => sum + c.calls.length, 0);
console.error(`i18next-differential: ${cases.length} cases, ${callTotal} calls (${dropped} dropped: i18next threw) -> ${output}`);
