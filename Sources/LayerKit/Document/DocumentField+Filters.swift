// How a document writes a layer's `filters` and `backgroundFilters`: a list of objects, each a
// Core Image filter type with an optional name and its inputs under Core Image's keys:
//   "filters": [{"type": "CIGaussianBlur", "name": "blur", "inputRadius": 4}]
// A number input takes a number, a vector input (CIColorMatrix's) a list of 4 numbers, a
// colour input a document colour, a gradient (CIColorMap's `inputGradientImage`) a list of
// 1…256 document colours; inputs left out keep Core Image's defaults. Refused, in one
// line naming the place: an unknown type or key, a value of the wrong kind, a name with a dot
// (key paths could not address it) or used twice in one list, more than
// `DocumentLimits.maximumFilters` filters, an `inputRadius` (`inputRadiusX`, `inputRadiusY`) outside
// 0…`DocumentLimits.maximumFilterRadius`. Animations address inputs by key path
// (`filters.blur.inputRadius`) with plain numbers, vectors or colours.

import Raster

extension DocumentField where Value == [CIFilter]? {
    /// A list of filter objects, or null for none.
    public static var filterList: Self {
        Self { b, v, p throws(DocumentError) in
            if case .null = v { return nil }
            let list = try b.filterList(v, p)
            return list.isEmpty ? nil : list
        }
    }
}

extension DocumentBuilder {
    /// A list of filter objects (see the file header).
    func filterList(_ v: JSONValue, _ p: String) throws(DocumentError) -> [CIFilter] {
        if case .null = v { return [] }
        let items = try array(v, p)
        guard items.count <= DocumentLimits.maximumFilters else {
            throw DocumentError(p, "\(items.count) filters exceeds the limit \(DocumentLimits.maximumFilters)")
        }
        var out: [CIFilter] = []
        var names: Set<String> = []
        for (i, item) in items.enumerated() {
            let f = try filter(item, "\(p)[\(i)]")
            if let n = f.name {
                guard names.insert(n).inserted else {
                    throw DocumentError("\(p)[\(i)].name", "the name \(DocumentText.quoted(n)) is used twice in one list")
                }
            }
            out.append(f)
        }
        return out
    }

    /// One filter object.
    func filter(_ v: JSONValue, _ p: String) throws(DocumentError) -> CIFilter {
        let members = try object(v, p)
        guard let typeValue = members.first(where: { $0.0 == "type" })?.1 else {
            throw DocumentError(p, "missing \"type\" (one of: \(CIFilter.FilterType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let type = try enumValue(typeValue, p + ".type", CIFilter.FilterType.self)
        var f = CIFilter(type: type)
        try checkKeys(members, Set(["type", "name"] + f.inputKeys), p)
        for (key, value) in members {
            let place = p + "." + DocumentText.key(key)
            switch key {
            case "type": continue
            case "name":
                let n = try string(value, place)
                guard !n.isEmpty, !n.contains(".") else {
                    throw DocumentError(place, "a filter name must be non-empty and hold no \".\" (key paths address it)")
                }
                f.name = n
            default:
                let template = f.value(forKey: key)!
                let parsed: AnimatableValue
                switch template {
                case .numbers(let t): parsed = .numbers(try numbers(value, place, count: t.count, what: "a vector"))
                case .list:
                    // CIColorMap's gradient: a list of 1…256 colours.
                    let xs = try array(value, place)
                    guard (1...ColorMap.maximumColors).contains(xs.count) else {
                        throw DocumentError(place, "expected 1…\(ColorMap.maximumColors) colours, got \(xs.count)")
                    }
                    var colors: [AnimatableValue] = []
                    for (j, x) in xs.enumerated() {
                        guard let c = try color(x, "\(place)[\(j)]") else { throw DocumentError("\(place)[\(j)]", "expected a colour, got null") }
                        colors.append(.color(c))
                    }
                    parsed = .list(colors)
                case .color:
                    guard let c = try color(value, place) else { throw DocumentError(place, "expected a colour, got null") }
                    parsed = .color(c)
                default: parsed = .number(try number(value, place))
                }
                if key == "inputRadius" || key == "inputRadiusX" || key == "inputRadiusY", case .number(let r) = parsed {
                    guard r >= 0, r <= DocumentLimits.maximumFilterRadius else {
                        throw DocumentError(place, "radius \(DocumentText.number(r)) outside 0…\(DocumentText.number(DocumentLimits.maximumFilterRadius))")
                    }
                }
                f.setValue(parsed, forKey: key)
            }
        }
        return f
    }
}
