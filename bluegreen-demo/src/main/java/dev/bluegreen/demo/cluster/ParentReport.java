package dev.bluegreen.demo.cluster;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import io.fabric8.kubernetes.api.model.Condition;

import java.util.stream.Collectors;

/** The parent's status as text, for the demo's failure message. */
public final class ParentReport {
    private ParentReport() {}

    /**
     * The state, active colour, error and every condition of {@code parent}, several lines.
     *
     * @param parent may be null (not found)
     */
    public static String describe(FlinkBlueGreenDeployment parent) {
        if (parent == null) {
            return "  the FlinkBlueGreenDeployment does not exist";
        }
        var status = parent.getStatus();
        if (status == null) {
            return "  no status yet: the controller has not reconciled it";
        }
        return state(status)
                + "\n"
                + status.getConditions().stream()
                        .map(ParentReport::condition)
                        .collect(Collectors.joining("\n"));
    }

    private static String state(FlinkBlueGreenDeploymentStatus status) {
        return "  state: "
                + status.getState()
                + ", active colour: "
                + (status.getActiveColor() == null ? "none" : status.getActiveColor())
                + (status.getError() == null || status.getError().isEmpty()
                        ? ""
                        : ", error: " + status.getError());
    }

    private static String condition(Condition c) {
        return String.format(
                "  condition %s=%s %s: %s",
                c.getType(), c.getStatus(), c.getReason(), c.getMessage());
    }
}
