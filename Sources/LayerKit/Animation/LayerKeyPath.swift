// A key path an animation can name, with the type of the value at it: `.position` holds a
// `Point`, `.positionX` (`position.x`) a `Double`, `.fillColor` a `Color?`. It carries the key
// path string Core Animation's key-value methods and `CAPropertyAnimation(keyPath:)` take,
// and boxes a typed value into the `AnimatableValue` they hold, so a caller that builds
// animations (the Lottie importer) says which property and what kind of value, and the
// compiler checks the pair. lottie-ios's Core Animation engine calls the same idea a
// `LayerProperty<ValueRepresentation>` ("a strongly typed value that can be used as the
// `keyPath` of a `CAAnimation`", `LayerProperty.swift`); LayerKit's `LayerProperty` is the
// declaration of a stored property, so this one, which may also name a part of a value
// (Core Animation's key-value coding extensions: `position.x`, `bounds.size`,
// `transform.rotation.z`), is a `LayerKeyPath`. A whole property's key path is made from its
// declaration and boxes through the declaration's own conversion; a part of one boxes
// through its value type's `AnimatableValueConvertible` conformance, as `value(forKeyPath:)`
// gives it.

/// A layer key path and the type of its value (see the file header).
public struct LayerKeyPath<Value>: @unchecked Sendable {
    /// The key path (`"position.x"`), as `CAPropertyAnimation.keyPath` and
    /// `setValue(_:forKeyPath:)` take it.
    public let keyPath: String
    private let box: (Value) -> AnimatableValue

    /// The whole of an animatable property, boxed as its declaration boxes it.
    public init<Root>(_ property: LayerProperty<Root, Value>) {
        guard let boxing = property.boxing else { preconditionFailure("\(property.key) does not animate") }
        keyPath = property.key
        box = boxing.box
    }

    /// A key path whose value boxes through its type's own conversion (a part of a
    /// property's value: `position.x`, `transform.scale.y`).
    public init(_ keyPath: String) where Value: AnimatableValueConvertible {
        self.keyPath = keyPath
        box = { $0.animatableValue }
    }

    /// `value` as the animatable value the key path holds.
    /// A key path whose values box through `box` (a value type with no conformance of its own).
    public init(keyPath: String, box: @escaping (Value) -> AnimatableValue) {
        self.keyPath = keyPath
        self.box = box
    }

    public func animatableValue(_ value: Value) -> AnimatableValue { box(value) }
}

extension CALayer {
    /// Writes `value` at `property`'s key path (`setValue(_:forKeyPath:)`).
    public func setValue<Value>(_ value: Value, for property: LayerKeyPath<Value>) {
        setValue(property.animatableValue(value), forKeyPath: property.keyPath)
    }
}

// The key paths the Lottie importer animates (lottie-ios's list in `LayerProperty.swift`,
// with the parts of values Core Animation's key-value coding extensions name).
extension LayerKeyPath {
    // MARK: CALayer geometry
    public static var position: LayerKeyPath<Point> { .init(CALayer.position) }
    public static var positionX: LayerKeyPath<Double> { .init("position.x") }
    public static var positionY: LayerKeyPath<Double> { .init("position.y") }
    public static var anchorPoint: LayerKeyPath<Point> { .init(CALayer.anchorPoint) }
    public static var bounds: LayerKeyPath<Rect> { .init(CALayer.bounds) }
    public static var boundsOrigin: LayerKeyPath<Point> { .init("bounds.origin") }
    public static var boundsSize: LayerKeyPath<Size> { .init("bounds.size") }
    public static var transform: LayerKeyPath<CATransform3D> { .init(CALayer.transform) }
    public static var rotationX: LayerKeyPath<Double> { .init("transform.rotation.x") }
    public static var rotationY: LayerKeyPath<Double> { .init("transform.rotation.y") }
    public static var rotationZ: LayerKeyPath<Double> { .init("transform.rotation.z") }
    public static var scaleX: LayerKeyPath<Double> { .init("transform.scale.x") }
    public static var scaleY: LayerKeyPath<Double> { .init("transform.scale.y") }
    public static var translation: LayerKeyPath<Size> { .init("transform.translation") }

    // MARK: CALayer appearance
    public static var opacity: LayerKeyPath<Double> { .init(CALayer.opacity) }
    public static var isHidden: LayerKeyPath<Bool> { .init(CALayer.isHidden) }
    public static var backgroundColor: LayerKeyPath<Color?> { .init(CALayer.backgroundColor) }
    public static var cornerRadius: LayerKeyPath<Double> { .init(CALayer.cornerRadius) }
    public static var shadowColor: LayerKeyPath<Color?> { .init(CALayer.shadowColor) }
    public static var shadowOpacity: LayerKeyPath<Double> { .init(CALayer.shadowOpacity) }
    public static var shadowOffset: LayerKeyPath<Size> { .init(CALayer.shadowOffset) }
    public static var shadowRadius: LayerKeyPath<Double> { .init(CALayer.shadowRadius) }

    // MARK: CAShapeLayer
    public static var path: LayerKeyPath<Path?> { .init(CAShapeLayer.path) }
    public static var fillColor: LayerKeyPath<Color?> { .init(CAShapeLayer.fillColor) }
    public static var strokeColor: LayerKeyPath<Color?> { .init(CAShapeLayer.strokeColor) }
    public static var lineWidth: LayerKeyPath<Double> { .init(CAShapeLayer.lineWidth) }
    public static var strokeStart: LayerKeyPath<Double> { .init(CAShapeLayer.strokeStart) }
    public static var strokeEnd: LayerKeyPath<Double> { .init(CAShapeLayer.strokeEnd) }
    public static var lineDashPhase: LayerKeyPath<Double> { .init(CAShapeLayer.lineDashPhase) }
    public static var lineDashPattern: LayerKeyPath<[Double]> { .init(CAShapeLayer.lineDashPattern) }

    // MARK: CAGradientLayer
    public static var colors: LayerKeyPath<[Color]> { .init(CAGradientLayer.colors) }
    public static var locations: LayerKeyPath<[Double]?> { .init(CAGradientLayer.locations) }
    public static var startPoint: LayerKeyPath<Point> { .init(CAGradientLayer.startPoint) }
    public static var endPoint: LayerKeyPath<Point> { .init(CAGradientLayer.endPoint) }
    public static var focalPoint: LayerKeyPath<Point?> { .init(CAGradientLayer.focalPoint) }

    // MARK: CATextLayer
    public static var foregroundColor: LayerKeyPath<Color?> { .init(CATextLayer.foregroundColor) }
}

// MARK: Filter inputs
// A filter's inputs by its name: "to change the inputRadius parameter of the filter, you could
// use code similar to the following: [layer setValue:…forKeyPath:@"filters.myFilter.inputRadius"]"
// (CALayer, filters; CIFilter.swift).
extension LayerKeyPath where Value == Double {
    /// The number input `input` of the filter named `filter` in `filters`.
    public static func filterInput(_ filter: String, _ input: String) -> LayerKeyPath<Double> {
        .init("filters.\(filter).\(input)")
    }
}

extension LayerKeyPath where Value == [Double] {
    /// The vector input `input` (a CIVector's components) of the filter named `filter` in `filters`.
    public static func filterVector(_ filter: String, _ input: String) -> LayerKeyPath<[Double]> {
        .init(keyPath: "filters.\(filter).\(input)") { .numbers($0) }
    }
}

extension LayerKeyPath where Value == Color {
    /// The colour input `input` (a CIColor) of the filter named `filter` in `filters`.
    public static func filterColor(_ filter: String, _ input: String) -> LayerKeyPath<Color> {
        .init(keyPath: "filters.\(filter).\(input)") { .color($0) }
    }
}

extension LayerKeyPath where Value == [Color] {
    /// The colour-list input `input` of the filter named `filter` in `filters` (a colour map's gradient).
    public static func filterColors(_ filter: String, _ input: String) -> LayerKeyPath<[Color]> {
        .init("filters.\(filter).\(input)")
    }
}

extension LayerKeyPath where Value == CATransform3D {
    /// The layer's `sublayerTransform`.
    public static var sublayerTransform: LayerKeyPath<CATransform3D> { .init(CALayer.sublayerTransform) }
}
