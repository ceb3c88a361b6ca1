package dev.bluegreen.operator.internal.spec;

/** The label and annotation keys the controller puts on the objects it owns. */
public final class ChildLabels {
    /** Upstream's colour label with values {@code BLUE} / {@code GREEN}. */
    public static final String DEPLOYMENT_TYPE = "flink/blue-green-deployment-type";

    /** Our colour label with values {@code blue} / {@code green}; pods inherit it. */
    public static final String COLOR = "bluegreen.dev/color";

    /** The name of the owning FlinkBlueGreenDeployment. */
    public static final String PARENT = "bluegreen.dev/parent";

    /** Annotation: the spec ref the child was last written with. */
    public static final String SPEC_REF = "bluegreen.dev/spec-ref";

    /**
     * Annotation: a fingerprint of the child's {@code status.error} as it was when the controller
     * last wrote the child's spec (absent: no error then). An error with the same fingerprint is
     * older than the write and says nothing about the spec written.
     */
    public static final String ERROR_AT_WRITE = "bluegreen.dev/error-at-write";

    private ChildLabels() {}
}
