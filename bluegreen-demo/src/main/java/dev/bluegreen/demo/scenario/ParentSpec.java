package dev.bluegreen.demo.scenario;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The demo's edits of the parent's {@code spec.template.spec.job}. */
final class ParentSpec {
    private ParentSpec() {}

    /**
     * Sets the value that follows {@code flag} in {@code job.args}.
     *
     * @throws IllegalArgumentException naming the field when the flag is missing
     */
    static FlinkBlueGreenDeployment withArg(
            FlinkBlueGreenDeployment parent, String flag, String value) {
        JsonNode args = job(parent).path("args");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).asText().equals(flag)) {
                ((ArrayNode) args).set(i + 1, value);
                return parent;
            }
        }
        throw new IllegalArgumentException(
                "spec.template.spec.job.args: expected \"" + flag + " <value>\", got " + args);
    }

    /** Sets {@code job.state}, e.g. {@code suspended}. */
    static FlinkBlueGreenDeployment withJobState(FlinkBlueGreenDeployment parent, String state) {
        job(parent).put("state", state);
        return parent;
    }

    /** The value that follows {@code flag} in {@code job.args}, or empty. */
    static String arg(FlinkBlueGreenDeployment parent, String flag) {
        JsonNode args = job(parent).path("args");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).asText().equals(flag)) {
                return args.get(i + 1).asText();
            }
        }
        return "";
    }

    private static ObjectNode job(FlinkBlueGreenDeployment parent) {
        JsonNode job = parent.getSpec().getTemplate().getSpec().path("job");
        if (!(job instanceof ObjectNode object)) {
            throw new IllegalArgumentException(
                    "spec.template.spec.job: expected an object, got " + job);
        }
        return object;
    }
}
