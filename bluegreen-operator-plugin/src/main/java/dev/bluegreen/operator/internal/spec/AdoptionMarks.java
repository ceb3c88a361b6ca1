package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Color;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What adoption adds to a FlinkDeployment's metadata, and release removes again: the labels that
 * make it the parent's blue (or green) child (so that the controller's informer and {@code kubectl
 * bluegreen} find it) and our annotations. Its spec is never part of it.
 */
public final class AdoptionMarks {
    /** The labels adoption sets and release removes. */
    public static final List<String> LABELS =
            List.of(ChildLabels.PARENT, ChildLabels.COLOR, ChildLabels.DEPLOYMENT_TYPE);

    /** The annotations release removes: the spec ref and the error fingerprint. */
    public static final List<String> ANNOTATIONS =
            List.of(ChildLabels.SPEC_REF, ChildLabels.ERROR_AT_WRITE);

    /** The spec-ref annotation adoption sets: the ref of the stable spec the child runs. */
    public static final String SPEC_REF = ChildLabels.SPEC_REF;

    private AdoptionMarks() {}

    /**
     * The labels of the child the parent {@code parent} adopted as {@code color} (blue, or green
     * when it has the parent's own green name, see {@code ChildNames.adoptedColor}).
     */
    public static Map<String, String> labels(String parent, Color color) {
        var labels = new TreeMap<String, String>();
        labels.put(ChildLabels.PARENT, parent);
        labels.put(ChildLabels.COLOR, color.lowerCase());
        labels.put(ChildLabels.DEPLOYMENT_TYPE, color.name());
        return labels;
    }
}
