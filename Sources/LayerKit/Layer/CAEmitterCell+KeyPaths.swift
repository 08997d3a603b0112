// Key-value access to emitter cells through their emitter layer, as Core Animation names
// them: "emitterCells.NAME.KEY", a cell found by its `name` ("The name of the cell. Used to
// construct key paths."), nested cells through further "emitterCells.NAME" steps. The keys
// are the cell properties CAEmitterCell documents as animatable (birthRate, lifetime, the
// emission angles, velocity, accelerations, scale, spin, the colour and its ranges and speeds,
// contentsRect). A presentation copy that animates a cell first takes its own copies of the
// cells, so the model's cells keep their values.

extension CAEmitterCell {
    /// The animatable number property of a key; nil for any other key.
    static func numberKey(_ key: String) -> ReferenceWritableKeyPath<CAEmitterCell, Double>? {
        switch key {
        case "birthRate": \.birthRate
        case "lifetime": \.lifetime
        case "lifetimeRange": \.lifetimeRange
        case "emissionLatitude": \.emissionLatitude
        case "emissionLongitude": \.emissionLongitude
        case "emissionRange": \.emissionRange
        case "velocity": \.velocity
        case "velocityRange": \.velocityRange
        case "xAcceleration": \.xAcceleration
        case "yAcceleration": \.yAcceleration
        case "zAcceleration": \.zAcceleration
        case "scale": \.scale
        case "scaleRange": \.scaleRange
        case "scaleSpeed": \.scaleSpeed
        case "spin": \.spin
        case "spinRange": \.spinRange
        case "redRange": \.redRange
        case "greenRange": \.greenRange
        case "blueRange": \.blueRange
        case "alphaRange": \.alphaRange
        case "redSpeed": \.redSpeed
        case "greenSpeed": \.greenSpeed
        case "blueSpeed": \.blueSpeed
        case "alphaSpeed": \.alphaSpeed
        default: nil
        }
    }

    /// One animatable property by key; nil for an unknown key.
    public func value(forKey key: String) -> AnimatableValue? {
        if let k = Self.numberKey(key) { return .number(self[keyPath: k]) }
        switch key {
        case "color": return .color(color)
        case "contentsRect": return .rect(contentsRect)
        default: return nil
        }
    }

    /// Writes one animatable property by key; false when unknown or of the wrong type (a
    /// number that is not finite is refused).
    @discardableResult
    public func setValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        switch (key, value) {
        case (_, .number(let v)) where Self.numberKey(key) != nil:
            guard v.isFinite, let k = Self.numberKey(key) else { return false }
            self[keyPath: k] = v
        case ("color", .color(let c)): color = c
        case ("contentsRect", .rect(let r)) where r.isFiniteRect: contentsRect = r
        default: return false
        }
        return true
    }

    /// A copy of this cell and its sub-cells for a presentation copy: every property, the
    /// birth-rate history included (not marked as emitted: the copy records no changes).
    func presentationCopy(depth: Int = 1) -> CAEmitterCell {
        let c = CAEmitterCell()
        c.name = name; c.isEnabled = isEnabled; c.birthRate = birthRate
        c.beginTime = beginTime; c.duration = duration; c.lifetime = lifetime; c.lifetimeRange = lifetimeRange
        c.emissionLatitude = emissionLatitude; c.emissionLongitude = emissionLongitude; c.emissionRange = emissionRange
        c.velocity = velocity; c.velocityRange = velocityRange
        c.xAcceleration = xAcceleration; c.yAcceleration = yAcceleration; c.zAcceleration = zAcceleration
        c.scale = scale; c.scaleRange = scaleRange; c.scaleSpeed = scaleSpeed; c.spin = spin; c.spinRange = spinRange
        c.color = color; c.redRange = redRange; c.greenRange = greenRange; c.blueRange = blueRange; c.alphaRange = alphaRange
        c.redSpeed = redSpeed; c.greenSpeed = greenSpeed; c.blueSpeed = blueSpeed; c.alphaSpeed = alphaSpeed
        c.contents = contents; c.contentsRect = contentsRect; c.cutContents = cutContents
        c.birthRateHistory = birthRateHistory
        if depth < CAEmitterLayer.maximumCellDepth { c.emitterCells = emitterCells?.map { $0.presentationCopy(depth: depth + 1) } }
        else { c.emitterCells = emitterCells }
        return c
    }
}

extension CAEmitterLayer {
    /// The cell a key path names and the key after it ("emitterCells.NAME[.emitterCells.NAME…].KEY");
    /// nil when the path is not a cell path or names no cell.
    func cell(forKeyPath keyPath: String) -> (cell: CAEmitterCell, key: String)? {
        var parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var cells = emitterCells
        var found: CAEmitterCell?
        while parts.count >= 3, parts[0] == "emitterCells" {
            guard let c = cells?.first(where: { $0.name == parts[1] }) else { return nil }
            found = c
            cells = c.emitterCells
            parts.removeFirst(2)
        }
        guard let found, parts.count == 1 else { return nil }
        return (found, parts[0])
    }

    /// The value of a cell key path.
    func cellValue(forKeyPath keyPath: String) -> AnimatableValue? {
        guard let (cell, key) = cell(forKeyPath: keyPath) else { return nil }
        return cell.value(forKey: key)
    }

    /// Writes a cell key path; a presentation copy first takes its own copies of the cells.
    func setCellValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        guard cell(forKeyPath: keyPath) != nil else { return false }
        if modelLayer != nil && !ownsCellCopies {
            emitterCells = emitterCells?.map { $0.presentationCopy() }
            ownsCellCopies = true
        }
        guard let (cell, key) = cell(forKeyPath: keyPath) else { return false }
        return cell.setValue(value, forKey: key)
    }
}
