package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.Color;

/** Conversion between the engine's colours and the gate's (same names, separate modules). */
public final class Colors {
    private Colors() {}

    /** The engine colour of a gate colour. */
    public static Color core(dev.bluegreen.gate.rule.Color color) {
        return Color.valueOf(color.name());
    }

    /** The gate colour of an engine colour. */
    public static dev.bluegreen.gate.rule.Color gate(Color color) {
        return dev.bluegreen.gate.rule.Color.valueOf(color.name());
    }
}
