package dev.bluegreen.diff;

import java.util.ArrayList;
import java.util.List;

/**
 * The default rules table of {@link DiffRules#defaults()}, as data: upstream's in-place fields,
 * rescale in place, template labels and annotations propagated, parent-only settings, and
 * TRANSITION for everything else. Generated into docs/diff-rules.md.
 *
 * <p>One row a line: {@code selector | kind | kind with withRescaleAsTransition() | note}. The
 * selector reads as {@link DiffRule#selector()}: a path pattern, or {@code
 * template.spec.flinkConfiguration[prefix*]} for a flinkConfiguration key prefix. A third column of
 * {@code TRANSITION} marks a rescale rule ({@link DiffRules#RESCALE_RULES}); {@code same} marks the
 * others.
 */
final class DefaultRules {
    private DefaultRules() {}

    private static final String TABLE =
            """
            *                                                                           | TRANSITION         | same       | any other change, including unknown fields: a full blue/green transition
            configuration                                                               | PARENT_ONLY        | same       | blue/green settings, read by the controller only
            ingress                                                                     | PARENT_ONLY        | same       | the parent ingress, reconciled by the controller
            httpRoute                                                                   | PARENT_ONLY        | same       | the parent Gateway API HTTPRoute, reconciled by the controller
            analysis                                                                    | PARENT_ONLY        | same       | the analysis checks, run by the controller; a change during a transition does not restart it
            adoptDeployment                                                             | IGNORE             | same       | read only before the first deployment (adoption); later changes have no effect
            template.metadata                                                           | IGNORE             | same       | not used for the children (their names and namespace are derived)
            template.metadata.labels                                                    | PATCH_CHILD        | same       | propagated to the children in place
            template.metadata.annotations                                               | PATCH_CHILD        | same       | propagated to the children in place
            template.spec                                                               | TRANSITION         | same       | any other FlinkDeployment spec change needs a new deployment
            template.spec.job.state                                                     | SUSPEND            | same       | running to suspended: SUSPEND; suspended to running: RESUME (absent means running)
            template.spec.job.savepointRedeployNonce                                    | SAVEPOINT_REDEPLOY | same       | redeploy from job.initialSavepointPath; removing the nonce: PATCH_CHILD
            template.spec.job.upgradeMode                                               | PATCH_CHILD        | same       | as upstream: applied to the running child
            template.spec.job.allowNonRestoredState                                     | PATCH_CHILD        | same       | as upstream: applied to the running child
            template.spec.job.initialSavepointPath                                      | PATCH_CHILD        | same       | as upstream: applied to the running child
            template.spec.job.savepointTriggerNonce                                     | PATCH_CHILD        | same       | trigger nonce, as upstream: the child acts on it in place
            template.spec.job.checkpointTriggerNonce                                    | PATCH_CHILD        | same       | trigger nonce, as upstream: the child acts on it in place
            template.spec.job.autoscalerResetNonce                                      | PATCH_CHILD        | same       | trigger nonce, as upstream: the child acts on it in place
            template.spec.flinkConfiguration[job.autoscaler*]                           | PATCH_CHILD        | same       | as upstream: applied to the running child
            template.spec.flinkConfiguration[kubernetes.operator*]                      | PATCH_CHILD        | same       | as upstream: applied to the running child
            template.spec.flinkConfiguration[parallelism.default*]                      | PATCH_CHILD        | same       | as upstream: applied to the running child
            template.spec.job.parallelism                                               | PATCH_CHILD        | TRANSITION | rescale: the Flink operator rescales the FlinkDeployment in place
            template.spec.taskManager.replicas                                          | PATCH_CHILD        | TRANSITION | rescale: the Flink operator rescales the FlinkDeployment in place
            template.spec.flinkConfiguration[pipeline.jobvertex-parallelism-overrides*] | PATCH_CHILD        | TRANSITION | rescale: per-vertex parallelism, applied by the Flink operator
            """;

    private static final String PREFIX_START = DiffRule.FLINK_CONFIGURATION + "[";
    private static final String PREFIX_END = "*]";

    /** Every row, in table order (the order of docs/diff-rules.md). */
    static final List<Row> ROWS = parse(TABLE);

    /** The rules of the rows, in table order. */
    static final List<DiffRule> ALL = ROWS.stream().map(Row::rule).toList();

    /** The first row: {@code *} → TRANSITION, which every path matches. */
    static final DiffRule CATCH_ALL = ALL.get(0);

    /** The rows whose kind {@code withRescaleAsTransition()} turns into TRANSITION. */
    static final List<DiffRule> RESCALE =
            ROWS.stream().filter(Row::rescale).map(Row::rule).toList();

    /**
     * One row of the table.
     *
     * @param rule the rule
     * @param rescale whether {@code withRescaleAsTransition()} turns it into TRANSITION
     */
    record Row(DiffRule rule, boolean rescale) {}

    /**
     * Parses rows of the table's format.
     *
     * @throws IllegalStateException naming the row if it has not 4 cells or its third cell is not
     *     {@code same} or {@code TRANSITION}
     */
    static List<Row> parse(String table) {
        var rows = new ArrayList<Row>();
        for (String line : table.strip().split("\n")) {
            rows.add(row(line));
        }
        return List.copyOf(rows);
    }

    private static Row row(String line) {
        String[] cells = line.split("\\|");
        if (cells.length != 4) {
            throw new IllegalStateException("expected 4 cells in row: " + line);
        }
        String switched = cells[2].strip();
        if (!switched.equals("same") && !switched.equals("TRANSITION")) {
            throw new IllegalStateException("expected same or TRANSITION in row: " + line);
        }
        return new Row(
                rule(cells[0].strip(), ChangeKind.valueOf(cells[1].strip()), cells[3]),
                switched.equals("TRANSITION"));
    }

    private static DiffRule rule(String selector, ChangeKind kind, String note) {
        if (selector.startsWith(PREFIX_START) && selector.endsWith(PREFIX_END)) {
            String prefix =
                    selector.substring(
                            PREFIX_START.length(), selector.length() - PREFIX_END.length());
            return DiffRule.flinkConfigPrefix(prefix, kind, note.strip());
        }
        return DiffRule.path(selector, kind, note.strip());
    }
}
