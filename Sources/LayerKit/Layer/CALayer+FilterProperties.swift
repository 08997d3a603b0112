// The filter properties of a layer: `filters` ("An array of Core Image filters to apply to
// the contents of the layer and its sublayers. Animatable.") and `backgroundFilters` ("An
// array of Core Image filters to apply to the content immediately behind the layer.
// Animatable."), CALayer. Both hold CIFilter values (CIFilter.swift) and animate by key path
// as Core Animation documents it: `filters.NAME.KEY` names the input KEY of the filter whose
// `name` is NAME ("you must assign a name to the filter so that you can identify it in the
// array", CALayer, filters); `filters.NAME` the filter itself. A whole list animates input by
// input when both lists hold the same filters (types and names), else it switches halfway.
// Setting either property (or one input by key path) starts the implicit animation of the
// whole list, as every animatable property does: "filters: Uses the default implied
// CABasicAnimation object … Sub-properties of the filters are animated using the default
// implied CABasicAnimation object" (Core Animation Programming Guide, Animatable
// Properties). For `backgroundFilters` Core Animation's implied action is a CATransition;
// LayerKit runs the basic animation there too (the same filters mix input by input).
// Drawing: CALayer+FilterDisplay.swift.

extension CALayer {
    /// "An array of Core Image filters to apply to the contents of the layer and its
    /// sublayers. Animatable." Default nil.
    public static let filters = filterList("filters", get: { $0.filters }, set: { $0.filters = $1 })
    /// "An array of Core Image filters to apply to the content immediately behind the layer.
    /// Animatable." Default nil.
    public static let backgroundFilters = filterList("backgroundFilters", get: { $0.backgroundFilters },
                                                     set: { $0.backgroundFilters = $1 })

    /// A filter list property: animatable as a whole list and input by input
    /// (`KEY.NAME.INPUT`), a document `filterList`. Read and written through closures, not
    /// a stored key path: applying a `ReferenceWritableKeyPath` goes through the runtime's
    /// generic projection (LayerProperty.swift), about 3,000 instructions for a read and a
    /// write, which every copy made with `init(layer:)` paid twice (a first-shown layer's
    /// render-tree copy, a presentation copy).
    private static func filterList(_ key: String, get: @escaping (CALayer) -> [CIFilter]?,
                                   set: @escaping (CALayer, [CIFilter]?) -> Void)
        -> LayerProperty<CALayer, [CIFilter]?> {
        .init(key, get: get, set: set,
              default: nil, affects: .geometry, document: .filterList,
              box: { .filters($0 ?? []) }, unbox: CIFilter.unboxList,
              component: { CIFilter.component($0, of: $1 ?? []) },
              setting: { CIFilter.setting($0, of: $1 ?? [], to: $2) })
    }

    /// The filter declarations (appended to CALayer's table).
    static var filterProperties: [AnyLayerProperty] { [filters.erased, backgroundFilters.erased] }
}

extension CIFilter {
    /// A boxed list of filters (the empty list is nil).
    static func unboxList(_ boxed: AnimatableValue) -> [CIFilter]?? {
        guard case .filters(let fs) = boxed else { return nil }
        return .some(fs.isEmpty ? nil : fs)
    }

    /// `NAME` (the filter) or `NAME.KEY` (its input) of a list.
    static func component(_ subKeyPath: Substring, of list: [CIFilter]) -> AnimatableValue? {
        let (head, rest) = splitKeyPath(subKeyPath)
        guard let f = list.first(where: { $0.name.map { $0[...] == head } ?? false }) else { return nil }
        guard let rest else { return .filters([f]) }
        return f.value(forKey: String(rest))
    }

    /// The list with `NAME` replaced (by a one-filter list of the same type) or `NAME.KEY` set.
    static func setting(_ subKeyPath: Substring, of list: [CIFilter], to part: AnimatableValue) -> [CIFilter]? {
        let (head, rest) = splitKeyPath(subKeyPath)
        guard let i = list.firstIndex(where: { $0.name.map { $0[...] == head } ?? false }) else { return nil }
        var out = list
        if let rest {
            guard out[i].setValue(part, forKey: String(rest)) else { return nil }
        } else {
            guard case .filters(let one) = part, one.count == 1 else { return nil }
            out[i] = one[0]
        }
        return out
    }

    /// Two lists of the same filters (types and names, in order) mixed input by input at `t`;
    /// nil when they differ.
    static func mix(_ a: [CIFilter], _ b: [CIFilter], _ t: Double) -> [CIFilter]? {
        guard a.count == b.count else { return nil }
        var out = a
        for i in a.indices {
            guard a[i].type == b[i].type, a[i].name == b[i].name else { return nil }
            for key in a[i].inputKeys {
                guard let x = a[i].value(forKey: key), let y = b[i].value(forKey: key) else { continue }
                out[i].setValue(Interpolation.lerp(x, y, t), forKey: key)
            }
        }
        return out
    }
}
