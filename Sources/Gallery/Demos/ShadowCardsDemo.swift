// The shadow-cards demo: rounded cards resting on a surface with soft shadows; a click on
// a card (or between cards, the nearest one) lifts it: implicit animations of scale,
// zPosition, shadowRadius, shadowOffset and shadowOpacity in one transaction, as a
// Material-style elevation change; a second click sets it down.
import LayerKit
import Player

/// Cards with shadows of their composited alpha (no shadowPath: the gradient header and
/// the rounded body cast the shadow together) that lift on click.
public final class ShadowCardsDemo: Demo {
    public static let name = "shadow-cards"
    public static let title = "Shadowed cards"

    /// The cards, left to right then top to bottom.
    public private(set) var cards: [CALayer] = []
    /// Which cards are lifted.
    public private(set) var lifted: Set<Int> = []

    /// The resting and the lifted elevation: (scale, shadowRadius, shadowOffset y, shadowOpacity, zPosition).
    static let resting = (scale: 1.0, radius: 3.0, offset: 2.0, opacity: 0.28, z: 0.0)
    static let raised = (scale: 1.06, radius: 18.0, offset: 14.0, opacity: 0.4, z: 10.0)

    public init() {}

    public func build(root: CALayer, size: Size) {
        root.backgroundColor = Color(0.93, 0.94, 0.96)
        let cols = 3, rows = 2
        let margin = size.width * 0.06
        let w = (size.width - margin * Double(cols + 1)) / Double(cols)
        let h = (size.height - margin * Double(rows + 1)) / Double(rows)
        let palettes: [[Color]] = [
            [Color(1, 0.58, 0.36), Color(1, 0.3, 0.45)], [Color(0.3, 0.75, 1), Color(0.35, 0.4, 1)],
            [Color(0.4, 0.9, 0.6), Color(0.1, 0.65, 0.6)], [Color(0.95, 0.8, 0.3), Color(1, 0.5, 0.2)],
            [Color(0.75, 0.5, 1), Color(0.45, 0.3, 0.9)], [Color(0.45, 0.5, 0.6), Color(0.2, 0.25, 0.35)],
        ]
        for i in 0..<(cols * rows) {
            let card = CALayer()
            card.bounds = Rect(0, 0, w, h)
            card.position = Point(margin + (w + margin) * Double(i % cols) + w / 2, margin + (h + margin) * Double(i / cols) + h / 2)
            card.backgroundColor = .white
            card.cornerRadius = 14
            card.cornerCurve = .continuous
            card.shadowColor = Color(0.1, 0.12, 0.2)
            card.shadowOpacity = Self.resting.opacity
            card.shadowRadius = Self.resting.radius
            card.shadowOffset = Size(0, Self.resting.offset)
            let header = CAGradientLayer()
            header.frame = Rect(0, 0, w, h * 0.45)
            header.colors = palettes[i % palettes.count]
            header.startPoint = Point(0, 0)
            header.endPoint = Point(1, 1)
            header.cornerRadius = 14
            header.cornerCurve = .continuous
            header.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            card.addSublayer(header)
            for (j, width) in [0.7, 0.5].enumerated() {
                let line = CALayer()
                line.frame = Rect(w * 0.1, h * (0.58 + 0.14 * Double(j)), w * width, h * 0.07)
                line.backgroundColor = Color(0.85, 0.87, 0.9)
                line.cornerRadius = h * 0.035
                card.addSublayer(line)
            }
            root.addSublayer(card)
            cards.append(card)
        }
    }

    /// Lifts card `i` or sets it down, from what is on screen.
    public func toggle(_ i: Int) {
        let up = !lifted.contains(i)
        if up { lifted.insert(i) } else { lifted.remove(i) }
        let e = up ? Self.raised : Self.resting
        let card = cards[i]
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.35)
        CATransaction.setAnimationTimingFunction(up ? .easeOut : .easeInEaseOut)
        card.transform = .scale(e.scale, e.scale, 1)
        card.zPosition = e.z
        card.shadowRadius = e.radius
        card.shadowOffset = Size(0, e.offset)
        card.shadowOpacity = e.opacity
        CATransaction.commit()
    }

    /// A click lifts (or sets down) the card under it, or the nearest one when it falls between cards.
    public func click(at point: Point) -> Bool {
        guard !cards.isEmpty else { return false }
        func distance(_ c: CALayer) -> Double {
            let f = c.frame
            let dx = max(f.minX - point.x, 0, point.x - f.maxX), dy = max(f.minY - point.y, 0, point.y - f.maxY)
            return dx * dx + dy * dy
        }
        let i = cards.indices.min { distance(cards[$0]) < distance(cards[$1]) }!
        toggle(i)
        return true
    }

    private var tileTimer: RunLoopTimer?
    public func startForTile() {
        var n = 0
        toggle(0)
        tileTimer = RunLoopTimer.scheduled(interval: 1.2, repeats: true) { [weak self] _ in
            guard let self else { return }
            self.toggle(n % self.cards.count)
            n += 1
            self.toggle(n % self.cards.count)
        }
    }

    public func tearDown() { tileTimer?.invalidate() }
}
