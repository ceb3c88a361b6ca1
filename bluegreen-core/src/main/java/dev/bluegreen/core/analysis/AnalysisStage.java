package dev.bluegreen.core.analysis;

/** When a list of analysis checks runs. */
public enum AnalysisStage {
    /** Before the switch: judges the incoming child; the switch waits until the checks pass. */
    PRE_PROMOTION("prePromotion"),
    /** After the switch, while the previous child is kept: a failure switches back to it. */
    POST_PROMOTION("postPromotion");

    private final String field;

    AnalysisStage(String field) {
        this.field = field;
    }

    /** The stage's field name in {@code spec.analysis} and {@code status.analysis}. */
    public String field() {
        return field;
    }
}
