#!/usr/bin/env python3
"""Writes random valid specs: the same specs for the same seed, on every machine.

    Fuzz/random_specs.py --seed 7 --count 20 --output DIR

Each spec draws from everything the spec language allows (docs/spec-language.md), and across a
run every key of the language is written (Tests/XToolSpecTests/RandomSpecsTests.swift checks
that against SpecKeys): wire names that are Swift keywords, start with digits, hold dashes, dots
and initialisms; every type (scalars, optionals, arrays, dictionaries, models, recursion through
optionals and arrays, inline and shared enums, unions tagged and untagged, JSON); defaults of
each type; dotted key paths; every parameter location, array styles, nullable parameters and fields;
envelopes (API-wide and an endpoint's own), error bodies by status, credential refresh, base URL
variables, other servers, fixed, provided and "now" values in their long forms, headers, signatures,
date styles, form, JSON and whole bodies, models' others, omitted values, pagination of every
kind, responses at key paths with typed headers, fallback caches, samples (files and inline) and
included models files. Names are kept apart the way the language asks (two names that derive
one Swift name are an error), so every spec must validate; scripts/fuzz generates them, runs
`swift format lint --strict` on the output and compiles it with warnings as errors. Beside `RandomN.yaml` it writes the files a spec
names: `models/RandomN.yaml` and `samples/RandomN-*.json`.
"""
import argparse
import json
import os
import random
import re

SCALARS = ["String", "Int", "Int64", "Double", "Bool", "Date", "URL", "Decimal", "DayOrDate"]
# Wire names: plain words, Swift keywords and names Swift can't use even back-quoted, names
# that start with a digit, initialisms, separators, camel case.
WORDS = [
    "user", "status", "item", "count", "page", "token", "title", "text", "source", "value", "kind",
    "image", "video", "comment", "tag", "group", "city", "price", "score", "rank", "level", "mode",
    "flag", "note", "link", "owner", "parent", "order", "offset", "cursor", "filter", "sort",
    "default", "class", "self", "protocol", "func", "var", "let", "in", "is", "as", "where",
    "switch", "case", "return", "struct", "enum", "import", "init", "subscript", "extension",
    "operator", "private", "public", "static", "while", "for", "if", "else", "repeat", "do",
    "catch", "throw", "throws", "try", "super", "Type", "Self", "Protocol", "async", "await",
    "some", "any", "inout", "deinit", "associatedtype", "2fa", "3d_url", "h5_url", "ad_id", "api_key",
    "http_code", "json_body", "html_text", "uuid", "ip", "sdk_version", "ui_mode", "uri", "ID",
    "userId", "created-at", "Screen Name", "x-rate", "total_count", "is_ok", "has_more",
    "description", "hashValue", "hash", "encode", "decode", "from", "to", "with", "client",
]
TYPE_WORDS = [
    "Status", "User", "Picture", "Comment", "Deal", "Business", "Region", "Video", "Tag", "Group",
    "Place", "Order", "Ticket", "Coupon", "Banner", "Card", "Notice", "Feed", "Entry", "Post",
    "Photo", "Album", "Track", "Artist", "Shop", "Product", "Review", "Author", "Thread", "Reply",
]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def swift_strings(path, name):
    """The string literals of the Swift collection `name` declared in `path` (a dictionary's keys)."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        text = handle.read()
    declaration = re.search(r"\b" + name + r"\b[^=\n]*=\s*\[(.*?)\]\n", text, re.S)
    if declaration is None:
        raise SystemExit(f"random_specs.py: {name} is no longer declared in {path}")
    return set(re.findall(r'"([^"\\]+)"\s*[,:\]]?', declaration.group(1)))


# The names the generator reserves, read from its source so that they never drift apart:
# labels and members the generated code uses itself, type names it uses unqualified (an inline
# enum is named after its member, so such members take no enum), and members a model's
# conformances use. Normalized where they are compared.
RESERVED_NAMES = "Sources/XToolSpec/ReservedNames.swift"
RESERVED_MEMBERS = (swift_strings(RESERVED_NAMES, "initializerLabels") | swift_strings(RESERVED_NAMES, "parameterLabels")
                    | swift_strings(RESERVED_NAMES, "toolMembers"))
RESERVED_TYPES = {re.sub(r"[^a-z0-9]", "", name.lower()) for name in
                  swift_strings(RESERVED_NAMES, "swiftAndFoundation") | swift_strings(RESERVED_NAMES, "runtime")
                  | swift_strings("Sources/XToolSpec/TypeRef.swift", "builtIns")}
RESERVED_PAGE_LABELS = {re.sub(r"[^a-z0-9]", "", name.lower()) for name in swift_strings(RESERVED_NAMES, "pageLabels")}
RESERVED_FIELDS = {name.lower() for name in swift_strings("Sources/XToolSpec/SpecReader+Models.swift", "reservedFieldNames")}
KEY_PATH_PREFIXES = ["meta", "geo", "info", "stats", "extra"]
DATE_STYLES = ["iso8601", "secondsSince1970", "millisecondsSince1970", "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd"]
TIME_ZONES = ["Asia/Shanghai", "America/New_York", "UTC", "Europe/Berlin"]


def normalized(name):
    """Two names derive one Swift name only when this is the same for both."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def quoted(text):
    return json.dumps(text, ensure_ascii=False)


class Names:
    """Hands out names whose normalized forms differ within one scope."""

    def __init__(self, rng, taken=()):
        self.rng = rng
        self.used = set(taken)

    def take(self, pool, avoid=(), type_name=False, identifier=False):
        for _ in range(50):
            name = self.rng.choice(pool)
            if self.rng.random() < 0.3:
                separator = "" if type_name or identifier else self.rng.choice(["_", "-", ""])
                suffix = self.rng.choice(["v2", "list", "info", "x"])
                name = name + separator + (suffix.capitalize() if type_name or identifier else suffix)
            key = normalized(name)
            if key and key not in self.used and key not in avoid:
                self.used.add(key)
                return name
        # Fall back to a numbered name, always new.
        n = len(self.used)
        while normalized(f"{pool[0]}{n}") in self.used or normalized(f"{pool[0]}{n}") in avoid:
            n += 1
        self.used.add(normalized(f"{pool[0]}{n}"))
        return f"{pool[0]}{n}"


class SpecWriter:
    def __init__(self, seed, index):
        self.rng = random.Random(f"{seed}-{index}")
        self.index = index
        self.lines = []
        # Other files the spec names, by their path relative to it: a models file, samples.
        self.files = {}
        self.provided = []  # the labels of provided values, in order
        self.global_fixed_names = []  # the API's fixed parameters and headers, as written
        self.servers = []
        self.has_envelope = False
        self.has_code = False  # the envelope or the error body reads a code
        self.fixed_in_body = False

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    # Types ------------------------------------------------------------------------------------

    def scalar_type(self):
        return self.rng.choice(SCALARS)

    def member_type(self, models, model_index, allow_models=True, allow_json=True):
        """A type for a model field: (type text, kind) where kind says what default it takes."""
        r = self.rng.random()
        if allow_models and models and r < 0.25:
            target = self.rng.randrange(len(models))
            name = models[target]
            shape = self.rng.choice(["plain", "optional", "array", "optionalArray", "dictionary"])
            if target <= model_index and shape == "plain":
                shape = "optional"  # recursion needs an optional or an array in between
            return self.wrap(name, shape), "model"
        if allow_json and r < 0.3:
            return self.rng.choice(["JSON", "JSON?", "[JSON]"]), "json"
        base = self.scalar_type()
        shape = self.rng.choice(["plain", "plain", "optional", "array", "optionalArray", "dictionary", "arrayOfOptionals"])
        return self.wrap(base, shape), (base, shape)

    @staticmethod
    def wrap(base, shape):
        return {
            "plain": base, "optional": f"{base}?", "array": f"[{base}]", "optionalArray": f"[{base}]?",
            "dictionary": f"[String: {base}]", "arrayOfOptionals": f"[{base}?]",
        }[shape]

    def type_value(self, text):
        """The type as YAML: a quoted string, or for `[T]` sometimes a flow sequence."""
        if re.fullmatch(r"\[[A-Za-z0-9]+\]", text) and self.rng.random() < 0.5:
            return f"[{text[1:-1]}]"
        return quoted(text)

    def default_for(self, kind):
        """A default matching the type, or None when the type takes none."""
        if kind in ("model", "json"):
            return None
        base, shape = kind
        if shape in ("optional", "optionalArray"):
            return "null" if self.rng.random() < 0.5 else None
        if shape in ("array", "arrayOfOptionals"):
            return "[]"
        if shape == "dictionary":
            return None
        return {
            "String": quoted(self.rng.choice(["", "a b", "1.10", "\u4e2d\u6587", 'quote " and \\ slash', "null"])),
            "Int": str(self.rng.choice([0, -1, 20, 2147483647])),
            "Int64": str(self.rng.choice([0, -9223372036854775808, 9223372036854775807, 42])),
            "Double": self.rng.choice(["0.5", "-1.25", "3", "1e10"]),
            "Bool": self.rng.choice(["true", "false"]),
        }.get(base)

    def enum_values(self):
        names = Names(self.rng)
        values = [names.take(WORDS) for _ in range(self.rng.randint(1, 5))]
        # A value whose case name would be `unknown` (protobuf's `UNKNOWN` first) is held by
        # the enum's `unknown(String)` case, default included.
        if self.rng.random() < 0.2 and "unknown" not in [normalized(v) for v in values]:
            values.insert(self.rng.choice([0, len(values)]), self.rng.choice(["unknown", "UNKNOWN", "Unknown"]))
        return values

    # Members ----------------------------------------------------------------------------------

    def field(self, depth, wire, models, model_index, enum_names, dates):
        """One field of a model, in the shorthand or the long form."""
        r = self.rng.random()
        last = wire.split(".")[-1]
        # An enum is named after its member; one that starts with a digit would be named the same.
        if r < 0.12 and normalized(last) not in RESERVED_TYPES and not last[0].isdigit():
            values = self.enum_values()
            extra = f", default: {quoted(self.rng.choice(values))}" if self.rng.random() < 0.4 else ""
            self.emit(depth, f"{quoted(wire)}: {{ enum: [{', '.join(quoted(v) for v in values)}]{extra} }}")
            return
        type_text, kind = self.member_type(models, model_index)
        if self.rng.random() < 0.4:
            self.emit(depth, f"{quoted(wire)}: {self.type_value(type_text)}")
            return
        parts = [f"type: {self.type_value(type_text)}"]
        default = self.default_for(kind)
        if default is not None and self.rng.random() < 0.6:
            # A constant (every instance has it and sends it) now and then, else a default.
            parts.append(f"{'const' if self.rng.random() < 0.15 else 'default'}: {default}")
        else:
            default = None
        if self.rng.random() < 0.2:
            parts.append(f"summary: {quoted('The ' + wire + ' of it.')}")
        if kind != "model" and kind != "json" and kind[0] == "Date" and self.rng.random() < 0.5:
            parts.append(f"format: {quoted(self.rng.choice(DATE_STYLES))}")
            if self.rng.random() < 0.3:
                parts.append(f"timezone: {quoted(self.rng.choice(TIME_ZONES))}")
        if type_text.endswith("?") and self.rng.random() < 0.2:
            parts.append("emptyAsNil: true")
        elif default is None and self.rng.random() < 0.1:
            parts.append("nullable: true")  # a warning where no request sends the model
        if self.rng.random() < 0.1 and not type_text.endswith("?") and default is None:
            parts.append("optional: true")
        self.emit(depth, f"{quoted(wire)}: {{ {', '.join(parts)} }}")

    # The spec ---------------------------------------------------------------------------------

    def write(self):
        rng = self.rng
        api = f"Random{self.index}"
        self.emit(0, "# A random spec from Fuzz/random_specs.py.")
        self.emit(0, "xtoolgen: 1")
        self.emit(0, f"api: {api}")
        if rng.random() < 0.2:
            self.emit(0, f"baseURL: {quoted('https://api.example.{tld}/{version}/')}")
            self.emit(0, "baseURLVariables:")
            self.emit(1, f"tld: {{ enum: [{', '.join(rng.sample(['com', 'eu', 'asia', 'ca'], rng.randint(1, 3)))}] }}")
            self.emit(1, f"version: {quoted(rng.choice(['v1', 'v2/beta', '2024-01']))}")
        else:
            self.emit(0, f"baseURL: {quoted(rng.choice(['https://api.example.com/', 'https://example.org/v2/', 'https://h.example.net:8443/api']))}")
        if rng.random() < 0.5:
            self.emit(0, f"summary: {quoted('A random API number ' + str(self.index) + '.')}")
        dates = rng.choice(DATE_STYLES)
        if rng.random() < 0.7:
            self.emit(0, f"dates: {quoted(dates)}")
        if rng.random() < 0.3:
            self.emit(0, f"timezone: {quoted(rng.choice(TIME_ZONES))}")
        if rng.random() < 0.4:
            self.emit(0, f"lenient: {rng.choice(['true', 'false'])}")
        if rng.random() < 0.2:
            self.emit(0, "emptyAsNil: true")
        if rng.random() < 0.3:
            self.emit(0, f"forms: {rng.choice(['[async]', '[async, completion]', '[withResponse, async]', '[async, completion, withResponse]'])}")
        self.body = "json"
        if rng.random() < 0.5:
            self.body = rng.choice(["json", "form"])
            self.emit(0, f"body: {self.body}")
        if rng.random() < 0.3:
            self.emit(0, f"keys: {rng.choice(['snake_case', 'camelCase'])}")
        if rng.random() < 0.4:
            self.emit(0, f"arrays: {rng.choice(['repeated', 'csv', 'brackets'])}")
        if rng.random() < 0.4:
            self.servers = rng.sample(["accounts", "uploads", "media"], rng.randint(1, 2))
            self.emit(0, "servers:")
            for server in self.servers:
                self.emit(1, f"{server}: {quoted('https://' + server + '.example.com/')}")

        # Names every request carries: fixed parameters, headers, the signature. Dynamic
        # parameters may not reuse them.
        request_names = Names(rng, taken={normalized(n) for n in RESERVED_MEMBERS})
        labels = Names(rng, taken={normalized(n) for n in RESERVED_MEMBERS})
        global_fixed = set()
        graphql = rng.random() < 0.15
        if graphql:
            # A GraphQL query every request carries, its selection a fragment declared once.
            self.emit(0, "fragments:")
            self.emit(1, 'ItemFields: "fragment ItemFields on Item { id ...MoreFields }"')
            self.emit(1, 'MoreFields: "fragment MoreFields on Item { name }"')
        if graphql or rng.random() < 0.7:
            self.emit(0, "fixed:")
            if graphql:
                name = request_names.take(["query", "graphql_query"])
                global_fixed.add(normalized(name))
                self.global_fixed_names.append(name)
                self.emit(1, f'{quoted(name)}: "query {{ items {{ ...ItemFields }} }}"')
            for _ in range(rng.randint(1, 4)):
                name = request_names.take(WORDS)
                global_fixed.add(normalized(name))
                self.global_fixed_names.append(name)
                self.emit(1, f"{quoted(name)}: {self.fixed_value(labels, long_form=True)}")
        if rng.random() < 0.5:
            self.emit(0, "headers:")
            header_names = Names(rng)
            for _ in range(rng.randint(1, 3)):
                name = header_names.take(["Accept", "X-Device", "X-App-Version", "Authorization", "X-Trace"])
                self.global_fixed_names.append(name)
                if rng.random() < 0.3:
                    self.emit(1, f"{quoted(name)}: {{ provided: {self.label(labels)}, optional: true, prefix: \"Bearer \" }}")
                elif rng.random() < 0.5:
                    self.emit(1, f"{quoted(name)}: {{ provided: {self.label(labels)} }}")
                else:
                    self.emit(1, f"{quoted(name)}: {quoted(rng.choice(['application/json', '1.0', 'a b']))}")
        if rng.random() < 0.4:
            sign = request_names.take(["sign", "signature", "sig"])
            global_fixed.add(normalized(sign))
            self.global_fixed_names.append(sign)
            choice = rng.random()
            if choice < 0.3:
                self.emit(0, f"sign: {{ name: {quoted(sign)}, rewrites: {rng.choice(['true', 'false'])} }}")
            elif choice < 0.45:
                self.emit(0, f"sign: {{ name: {quoted(sign)}, optional: true }}")
            elif choice < 0.55:
                # A recipe the runtime signs by, with the secret's own initializer label.
                digest = rng.choice(["md5", "sha1", "sha256"])
                placement = rng.choice(["before", "after", "both"])
                text = rng.choice(["concatenated", "query"])
                order = rng.choice(["sorted", "sent"])
                case = rng.choice(["lower", "upper"])
                self.emit(0, f"sign: {{ name: {quoted(sign)}, secret: {self.secret_label(labels)}, digest: {digest}, "
                          f"secretAt: {placement}, text: {text}, order: {order}, case: {case} }}")
            elif choice < 0.65:
                hmac = rng.choice(["hmac-md5", "hmac-sha1", "hmac-sha256"])
                self.emit(0, f"sign: {{ name: {quoted(sign)}, secret: {self.secret_label(labels)}, by: sign_method, "
                          f"recipes: {{ md5: {{ digest: md5, secretAt: both, case: upper }}, hmac: {{ digest: {hmac} }} }} }}")
            else:
                self.emit(0, f"sign: {quoted(sign)}")
        has_retry = False
        if rng.random() < 0.5:
            self.has_envelope = True
            self.emit(0, "envelope:")
            self.emit(1, f"data: {quoted(rng.choice(['data', 'result', 'data.payload']))}")
            if rng.random() < 0.2:
                # Several tests, every one of which a success passes.
                self.emit(1, f"success: [{self.success()}, {{ absent: errors }}]")
            elif rng.random() < 0.7:
                self.emit(1, f"success: {self.success()}")
            if rng.random() < 0.5:
                self.emit(1, f"message: {quoted(rng.choice(['msg', 'error.message']))}")
            elif rng.random() < 0.3:
                self.emit(1, "message: [error.sub_msg, error.msg]")
            if rng.random() < 0.5:
                self.has_code = True
                self.emit(1, f"code: {quoted(rng.choice(['code', 'error.code']))}")
                if rng.random() < 0.4:
                    has_retry = True
                    waits = ['{ pattern: "(\\\\d+) more seconds" }', "{ header: X-Wait }", "{ path: error.wait }"]
                    wait, writes = rng.choice(waits), rng.choice(["true", "false"])
                    self.emit(0, f'retry: {{ codes: ["isp.*", 7], wait: {wait}, writes: {writes} }}')
        if not has_retry and rng.random() < 0.15:
            self.emit(0, "retry: { statuses: [430, 503] }")

        # Models: non-optional references only point forward, so nothing contains itself.
        type_names = Names(rng, taken={normalized(api), normalized(api + "API")})
        models = [type_names.take(TYPE_WORDS, type_name=True) for _ in range(rng.randint(0, 5))]
        included = []
        if rng.random() < 0.3:
            included = [type_names.take(TYPE_WORDS, type_name=True) for _ in range(rng.randint(1, 2))]
            path = f"models/Random{self.index}.yaml"
            self.emit(0, f"include: {path}")
            lines = ["# Models Fuzz/random_specs.py's spec Random%d includes." % self.index, "models:"]
            for model in included:
                lines.append(f"  {model}:")
                lines.append("    fields:")
                for wire in Names(rng, taken={"id"}).take(WORDS, avoid=RESERVED_FIELDS), "id":
                    lines.append(f"      {quoted(wire)}: {quoted(self.scalar_type())}")
            self.files[path] = "\n".join(lines) + "\n"
        unions = [type_names.take(TYPE_WORDS, type_name=True) for _ in range(rng.choice([0, 0, 1, 2]))] if models else []
        shared_enums = [type_names.take(TYPE_WORDS, type_name=True) for _ in range(rng.choice([0, 0, 1]))]
        # A type the app defines (`appTypes:`), held by the first model: its Swift goes beside the
        # spec (app/RandomN.swift), which scripts/random-specs compiles with the generated code.
        app_type = type_names.take(TYPE_WORDS, type_name=True) if models and rng.random() < 0.3 else None
        if app_type:
            # Listed, or with the JSON form its values take (a text, as APP_TYPE_SWIFT writes it).
            self.emit(0, f"appTypes: {{ {app_type}: String }}" if rng.random() < 0.5 else f"appTypes: [{app_type}]")
            self.files[f"app/Random{self.index}.swift"] = APP_TYPE_SWIFT.format(name=app_type)
        model_keys = {normalized(m) for m in models + included + unions + shared_enums + [app_type or ""]}
        if models or unions or shared_enums:
            self.emit(0, "models:")
        under_tag_unions = []
        for union in unions:
            self.emit(1, f"{union}:")
            if rng.random() < 0.5:
                self.emit(2, f"summary: {quoted('One of several things.')}")
            variants = rng.sample(models, min(len(models), rng.randint(1, 2)))
            if len(models) < 2 or rng.random() < 0.5:
                self.emit(2, f"oneOf: [String, {', '.join(variants)}]")
            else:
                self.emit(2, "discriminator: kind")
                if rng.random() < 0.4:
                    # The variant at the key its tag names, which a model's field may spread over.
                    payload = rng.choice(["underTag", "underTag", "beside"])
                    self.emit(2, f"payload: {payload}")
                    if payload == "underTag":
                        under_tag_unions.append(union)
                self.emit(2, "oneOf:")
                for index, variant in enumerate(rng.sample(models, 2)):
                    tag = ["first", "2", "third"][index]
                    if tag.isdigit() or rng.random() < 0.3:
                        self.emit(3, f"{quoted(tag)}: {{ type: {variant}, name: case{index} }}")
                    else:
                        self.emit(3, f"{quoted(tag)}: {variant}")
        for shared in shared_enums:
            self.emit(1, f"{shared}:")
            if rng.random() < 0.5:
                self.emit(2, f"summary: {quoted('A shared enum.')}")
            self.emit(2, f"enum: [{', '.join(quoted(v) for v in self.enum_values())}]")
        for index, model in enumerate(models):
            self.emit(1, f"{model}:")
            if rng.random() < 0.3:
                self.emit(2, f"summary: {quoted('A ' + model + '.')}")
            self.emit(2, "fields:")
            fields = Names(rng)
            for _ in range(rng.randint(1, 7)):
                wire = fields.take(WORDS, avoid=model_keys | RESERVED_FIELDS)
                if rng.random() < 0.15:
                    prefix = rng.choice(KEY_PATH_PREFIXES)
                    if normalized(prefix) not in fields.used:
                        wire = f"{prefix}.{wire}"
                if rng.random() < 0.1:
                    # A Swift name of its own, used as written.
                    swift = fields.take(["renamed", "label", "caption", "amount", "first"], avoid=model_keys, identifier=True)
                    type_text, kind = self.member_type(models, index)
                    self.emit(3, f"{quoted(wire)}: {{ type: {self.type_value(type_text)}, name: {swift} }}")
                    continue
                self.field(3, wire, models, index, model_keys, dates)
            if app_type and index == 0:
                wire = fields.take(["place", "spot", "point"], avoid=model_keys | RESERVED_FIELDS)
                self.emit(3, f"{quoted(wire)}: {quoted(app_type + '?')}")
            spread = under_tag_unions and rng.random() < 0.3
            if spread:
                # A tagged union beside the model's fields, read from the model's own object.
                wire = fields.take(WORDS, avoid=model_keys | RESERVED_FIELDS, identifier=True)
                self.emit(3, f"{quoted(wire)}: {{ type: {rng.choice(under_tag_unions)}, spread: true }}")
            if rng.random() < 0.1:
                # Keys of the server's object no field reads, on purpose (no field's word).
                self.emit(2, "ignore: [ignored_note, _links.curies]")
            if not spread and rng.random() < 0.1:
                # Every other key of the object, by key (a name no field's word makes).
                value = rng.choice(["String", "Int", "JSON", '"[String]"', "Date"])
                self.emit(2, rng.choice([f"others: {value}", f"others: {{ type: {value}, name: theOthers }}"]))

        models = models + included
        if rng.random() < 0.4:
            self.has_code = True
            self.emit(0, "errors:")
            self.emit(1, f"type: {rng.choice(models) if models and rng.random() < 0.5 else 'JSON'}")
            self.emit(1, f"path: {quoted(rng.choice(['error', 'errors.0']))}")
            self.emit(1, "message: message")
            self.emit(1, "code: code")
            if rng.random() < 0.6:
                self.emit(1, "status:")
                self.emit(2, "429: { message: retry_after }")
                if models:
                    self.emit(2, f"4XX: {rng.choice(models)}")
        if self.provided and rng.random() < 0.5:
            label = self.label(labels)
            if rng.random() < 0.3:
                self.emit(0, f"refresh: {label}")
            else:
                parts = [f"provided: {label}", "statuses: [401, 419]"]
                if self.has_code:
                    parts.append("codes: [-101, \"expired\"]")
                renewable = [l for l in self.provided if l != label]
                if renewable:
                    parts.append(f"renews: [{renewable[0]}]")
                self.emit(0, f"refresh: {{ {', '.join(parts)} }}")
        self.labels = labels

        # Tools and endpoints.
        tools = Names(rng, taken=model_keys | {normalized(api)})
        tool_count = rng.randint(1, 3)
        self.emit(0, "tools:")
        for _ in range(tool_count):
            tool = tools.take(TYPE_WORDS, type_name=True)
            self.emit(1, f"{tool}:")
            if rng.random() < 0.3:
                self.emit(2, f"summary: {quoted('Calls about ' + tool + '.')}")
            self.emit(2, "endpoints:")
            endpoints = Names(rng, taken={"api", "init"})  # the tool's own members
            tool_enums = {}  # normalized name -> values, shared by the tool's endpoints
            for _ in range(rng.randint(1, 4)):
                self.endpoint(3, endpoints.take(WORDS + ["newStatuses", "show", "update", "destroy"]), models, model_keys, global_fixed, tool_enums)
        return "\n".join(self.lines) + "\n"

    def secret_label(self, labels):
        # An initializer argument like a provided value's, but nothing refresh can renew.
        return labels.take(["appSecret", "signingKey", "clientSecret"], identifier=True)

    def label(self, labels):
        label = labels.take(["accessToken", "deviceID", "appKey", "userToken", "sessionKey", "locale"], identifier=True)
        self.provided.append(label)
        return label

    def fixed_value(self, labels, long_form=False):
        r = self.rng.random()
        if r < 0.4:
            return f"{{ provided: {self.label(labels)} }}"
        if long_form and r < 0.6:
            where = self.rng.choice(["query", "header", "body"])
            self.fixed_in_body = self.fixed_in_body or where == "body"
            return f"{{ value: {self.rng.choice(['1', 'true', quoted('ios')])}, in: {where} }}"
        if long_form and r < 0.7:
            # The time of each request, in a date style (and a zone for a format).
            return self.rng.choice([
                "{ now: secondsSince1970 }", "{ now: millisecondsSince1970, in: query }",
                '{ now: "yyyy-MM-dd HH:mm:ss", timezone: Asia/Shanghai }',
                "{ nonce: uuid }", "{ nonce: hex, in: query }", "{ nonce: number }",
            ])
        return self.rng.choice(['"211160679"', "0", "1.5", "true", '"a&b=c"', '"\u5317\u4eac"'])

    def success(self):
        """An envelope's success test."""
        rng = self.rng
        if rng.random() < 0.25:
            return f"{{ absent: {quoted(rng.choice(['errors', 'error.list']))} }}"
        equals = rng.choice(["0", '"OK"', "true", "200", "[0, 200]"])
        missing = f", missing: {rng.choice(['success', 'failure'])}" if rng.random() < 0.4 else ""
        return f"{{ path: {quoted(rng.choice(['code', 'status', 'meta.code']))}, equals: {equals}{missing} }}"

    def endpoint(self, depth, name, models, model_keys, global_fixed, tool_enums):
        rng = self.rng
        method = rng.choice(["get", "get", "post", "put", "patch", "delete"])
        paginate = rng.random() < 0.35
        if paginate:
            method = "get"
        # The whole JSON body: a model, as the last argument; the other parameters leave the body.
        whole_body = method in ("post", "put", "patch") and models and not self.fixed_in_body and rng.random() < 0.25
        self.whole_body = whole_body
        params = Names(rng, taken=global_fixed | {normalized(n) for n in RESERVED_MEMBERS}
                       | (RESERVED_PAGE_LABELS if paginate else set()))
        identifiers = [w for w in WORDS if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", w)]
        path_params = [params.take(identifiers, avoid=model_keys) for _ in range(rng.choice([0, 0, 1, 2]))]
        segments = [rng.choice(["statuses", "users", "v1/items", "a-b", "x.json", "~me"])]
        for p in path_params:
            segments.append("{" + p + "}")
        if rng.random() < 0.5:
            segments.append(rng.choice(["show.json", "detail", "list"]))
        self.emit(depth, f"{quoted(name)}:")
        if rng.random() < 0.3:
            self.emit(depth + 1, f"summary: {quoted('Does ' + name + '.')}")
        self.emit(depth + 1, f"{method}: {quoted('/'.join(segments))}")
        if self.servers and rng.random() < 0.3:
            self.emit(depth + 1, f"server: {rng.choice(self.servers)}")
        lines = []
        for p in path_params:
            if rng.random() < 0.3:
                lines.append(f"{quoted(p)}: {{ type: {quoted(rng.choice(['String', 'Int', 'Int64']))}, in: path }}")
            else:
                lines.append(f"{quoted(p)}: {quoted(rng.choice(['String', 'Int', 'Int64']))}")
        for _ in range(rng.randint(0, 5)):
            wire = params.take(WORDS, avoid=model_keys)
            lines.append(self.parameter(wire, method, models, model_keys, tool_enums))
        # A JSON body parameter with a constant inside it (a GraphQL query's `variables.kind`).
        nested_fixed = None
        if method in ("post", "put", "patch") and not whole_body and self.body == "json" and rng.random() < 0.2:
            holder = params.take(["variables", "input"], avoid=model_keys, identifier=True)
            lines.append(f"{quoted(holder)}: {{ type: \"JSON?\", in: body }}")
            nested_fixed = f"{holder}.{rng.choice(['kind', 'filter.kind'])}"
        # A model parameter whose members are the spread methods' arguments (GraphQL's
        # `variables`), alone, so that no other parameter takes a member's label.
        if not lines and method in ("post", "put", "patch") and not whole_body and self.body == "json" \
                and models and rng.random() < 0.3:
            holder = params.take(["variables", "input"], avoid=model_keys, identifier=True)
            lines.append(f"{quoted(holder)}: {{ type: {rng.choice(models)}, spread: true }}")
        pagination = None
        if paginate:
            pagination = self.pagination(params, lines, model_keys)
        if lines:
            self.emit(depth + 1, "params:")
            for line in lines:
                self.emit(depth + 2, line)
        if whole_body:
            self.emit(depth + 1, f"body: {{ type: {rng.choice(models)}, name: payload, summary: {quoted('What is sent.')} }}")
        if nested_fixed or rng.random() < 0.3:
            self.emit(depth + 1, "fixed:")
            for _ in range(rng.randint(0 if nested_fixed else 1, 2)):
                self.emit(depth + 2, f"{quoted(params.take(WORDS, avoid=model_keys))}: {rng.choice(['0', '1', 'true', quoted('x')])}")
            if nested_fixed:
                self.emit(depth + 2, f"{nested_fixed}: {rng.choice(['0', 'true', quoted('x')])}")
        if rng.random() < 0.2:
            self.emit(depth + 1, "headers:")
            if rng.random() < 0.5:
                self.emit(depth + 2, f"X-Client: {{ provided: {self.label(self.labels)}, prefix: \"Basic \" }}")
            else:
                self.emit(depth + 2, "X-Client: \"1\"")
        if self.global_fixed_names and rng.random() < 0.2:
            self.emit(depth + 1, f"omit: [{quoted(rng.choice(self.global_fixed_names))}]")
        if rng.random() < 0.15:
            if self.has_envelope and rng.random() < 0.5:
                self.emit(depth + 1, "envelope: none")
            else:
                self.emit(depth + 1, f"envelope: {{ success: {self.success()} }}")
        if rng.random() < 0.15:
            self.emit(depth + 1, rng.choice(["errors: none", "errors: { message: message, code: code }"]))
        response = None
        r = rng.random()
        if paginate:
            element = rng.choice(models) if models and r < 0.7 else rng.choice(["String", "Int64"])
            response = f"{{ path: items, type: [{element}] }}"
        elif r < 0.2:
            response = None
        elif r < 0.3:
            response = quoted("JSON")
        elif models and r < 0.8:
            model = rng.choice(models)
            text = rng.choice([model, f"[{model}]", f"{model}?"])
            if rng.random() < 0.5:
                response = f"{{ path: {quoted(rng.choice(['statuses', 'data.list', 'items']))}, type: {quoted(text)} }}"
            else:
                response = self.type_value(text)
        else:
            response = quoted(rng.choice(["String", "[Int64]", "Bool", "[String: String]"]))
        if response and response.startswith("{") and rng.random() < 0.3:
            # Typed headers, in the long form of `response:`.
            self.emit(depth + 1, "response:")
            for part in re.findall(r"(path|type): (\"[^\"]*\"|\[[^\]]*\]|[^,}]+)", response):
                self.emit(depth + 2, f"{part[0]}: {part[1].strip()}")
            self.emit(depth + 2, "headers:")
            self.emit(depth + 3, "X-Rate-Limit: Int?")
            self.emit(depth + 3, "X-Request-Id: { type: String?, name: requestID }")
        elif response:
            self.emit(depth + 1, f"response: {response}")
        if pagination:
            self.emit(depth + 1, f"paginate: {pagination}")
        elif response and rng.random() < 0.3:
            self.emit(depth + 1, "cache: fallback")
        if rng.random() < 0.3:
            self.samples(depth + 1, name, response)
        if method == "post" and rng.random() < 0.4:
            self.emit(depth + 1, "read: true")  # a POST that only reads, like a GraphQL query

    def pagination(self, params, lines, model_keys):
        """A `paginate:` mapping, with the parameters it names added to `lines`."""
        rng = self.rng

        def param(pool, type_text):
            name = params.take(pool, avoid=model_keys, identifier=True)
            lines.append(f"{quoted(name)}: {quoted(type_text)}")
            return name

        kind = rng.choice(["link", "next", "lastItem", "page", "pageEnd", "offset", "both", "firstItem"])
        if kind == "link":
            return f"{{ link: {quoted(rng.choice(['next', 'paging.next']))} }}"
        if kind in ("next", "lastItem", "both", "firstItem"):
            cursor = param(["cursor", "after", "startingAfter", "maxID"], "String?")
            parts = [f"cursor: {cursor}"]
            if kind == "lastItem":
                parts += ["lastItem: id", "hasMore: has_more"]
            else:
                parts.append(f"next: {quoted(rng.choice(['next_cursor', 'paging.after']))}")
            if kind == "both":
                parts += [f"before: {param(['before', 'previousCursor'], 'String?')}", "previous: paging.before"]
                if rng.random() < 0.5:
                    # A Relay connection: the page before is there while hasPreviousPage is true, and
                    # the page size moves from `first` to `last` going back.
                    parts.append("hasPrevious: paging.has_previous")
                    parts += [f"limit: {param(['first', 'count'], 'Int?')}", f"last: {param(['last', 'lastCount'], 'Int?')}"]
            if kind == "firstItem":
                parts += [f"before: {param(['minID', 'sinceCursor'], 'String?')}", "firstItem: id"]
            if rng.random() < 0.3:
                parts.append("total: paging.total_count")
            return "{ " + ", ".join(parts) + " }"
        limit = param(["limit", "perPage", "pageSize"], "Int?")
        total = f", total: {rng.choice(['total', 'meta.total'])}" if rng.random() < 0.4 else ""
        if kind == "offset":
            return f"{{ offset: {param(['offset', 'skip'], 'Int?')}, limit: {limit}{total} }}"
        page = param(["pageNumber", "pn", "pageIndex"], "Int?")
        if kind == "pageEnd":
            return f"{{ page: {page}, limit: {limit}, end: no_more }}"
        last = ", lastPage: meta.last_page" if rng.random() < 0.6 else ""
        return f"{{ page: {page}, limit: {limit}, start: {rng.choice([0, 1])}{total}{last} }}"

    def samples(self, depth, name, response):
        """`sample:` or `samples:`: files beside the spec and bodies written inline (text for a
        response read as text)."""
        rng = self.rng
        if response is None:
            body = "{ }"
        elif response == quoted("String"):
            body = quoted("some text")
        else:
            body = rng.choice(["{ code: 0, data: { } }", "[]", "{ items: [] }"])
        path = f"samples/Random{self.index}-{normalized(name)}.json"
        if rng.random() < 0.4:
            self.files[path] = rng.choice(['{"code": 0}\n', "[]\n", '{"items": []}\n'])
            self.emit(depth, f"sample: {path}")
            return
        self.emit(depth, "samples:")
        self.emit(depth + 1, f"inline: {{ body: {body}, source: {quoted('made up')} }}")
        self.files[path] = '{"error": {"message": "no", "code": 1}}\n'
        self.emit(depth + 1, f"missing: {{ file: {path}, status: 404 }}")
        if self.has_envelope:
            self.emit(depth + 1, "refused: { body: { code: 1 }, failure: true }")
        self.emit(depth + 1, "empty: { status: 204 }")

    def parameter(self, wire, method, models, model_keys, tool_enums):
        """One dynamic parameter: its location, a type the location takes, maybe a default."""
        rng = self.rng
        in_body = method in ("post", "put", "patch") and not self.whole_body
        location = rng.choice(["default", "default", "query", "header"] + (["body"] if in_body else []))
        if self.whole_body and location in ("default", "body"):
            location = "query"
        explicit = "" if location == "default" else f", in: {location}"
        key = normalized(wire)
        if rng.random() < 0.15 and location != "header" and key not in RESERVED_TYPES and not wire[0].isdigit():
            values = tool_enums.setdefault(key, self.enum_values())
            return f"{quoted(wire)}: {{ enum: [{', '.join(quoted(v) for v in values)}]{explicit} }}"
        scalars = ["String", "Int", "Int64", "Double", "Bool", "Date", "URL", "Decimal", "DayOrDate"]
        base = rng.choice(scalars)
        shape = rng.choice(["plain", "plain", "optional"])
        if location in ("default", "query", "body") and rng.random() < 0.25:
            shape = rng.choice(["array", "optionalArray"])
        sent_in_json_body = in_body and location in ("default", "body") and self.body == "json"
        if sent_in_json_body and models and rng.random() < 0.2:
            return f"{quoted(wire)}: {{ type: {quoted(rng.choice(models) + '?')}{explicit} }}"
        type_text = self.wrap(base, shape)
        default = self.default_for((base, shape))
        parts = [f"type: {quoted(type_text)}"]
        if default is not None and rng.random() < 0.5:
            parts.append(f"default: {default}")
        elif sent_in_json_body and shape == "plain" and rng.random() < 0.3:
            parts.append("nullable: true")
        if base == "Date" and rng.random() < 0.4:
            parts.append(f"format: {quoted(rng.choice(DATE_STYLES))}")
            if rng.random() < 0.3:
                parts.append(f"timezone: {quoted(rng.choice(TIME_ZONES))}")
        in_query = location == "query" or (location == "default" and method in ("get", "delete"))
        if shape in ("array", "optionalArray") and (in_query or self.body == "form" and location != "header") and rng.random() < 0.4:
            parts.append(f"style: {rng.choice(['repeated', 'csv', 'pipe', 'semicolon', 'brackets'])}")
        return f"{quoted(wire)}: {{ {', '.join(parts)}{explicit} }}"


APP_TYPE_SWIFT = """\
// An app-defined type of a random spec's `appTypes:` (Fuzz/random_specs.py): a text as it came.
nonisolated public struct {name}: Codable, Sendable, Hashable {{
  public let text: String

  public init(from decoder: any Decoder) throws {{
    text = try decoder.singleValueContainer().decode(String.self)
  }}

  public func encode(to encoder: any Encoder) throws {{
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }}
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--output", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.output, exist_ok=True)
    for index in range(arguments.count):
        writer = SpecWriter(arguments.seed, index)
        text = writer.write()
        with open(os.path.join(arguments.output, f"Random{index}.yaml"), "w", encoding="utf-8") as file:
            file.write(text)
        for path, contents in writer.files.items():
            os.makedirs(os.path.dirname(os.path.join(arguments.output, path)), exist_ok=True)
            with open(os.path.join(arguments.output, path), "w", encoding="utf-8") as file:
                file.write(contents)


if __name__ == "__main__":
    main()
