package dev.bluegreen.demo.scenario;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.TransitionMode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ObjectMeta;

import java.util.LinkedHashMap;

/**
 * The demo's edits of the parent: its mode, {@code spec.template.spec.job}, and the adoption of a
 * running deployment.
 */
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

    /** Removes {@code flag} and the value after it from {@code job.args}, if it is there. */
    static FlinkBlueGreenDeployment withoutArg(FlinkBlueGreenDeployment parent, String flag) {
        JsonNode args = job(parent).path("args");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).asText().equals(flag)) {
                ((ArrayNode) args).remove(i + 1);
                ((ArrayNode) args).remove(i);
                return parent;
            }
        }
        return parent;
    }

    /**
     * Appends {@code args} to {@code job.args}.
     *
     * @throws IllegalArgumentException naming the field when {@code job.args} is not a list
     */
    static FlinkBlueGreenDeployment withAddedArgs(FlinkBlueGreenDeployment parent, String... args) {
        JsonNode list = job(parent).path("args");
        if (!(list instanceof ArrayNode array)) {
            throw new IllegalArgumentException(
                    "spec.template.spec.job.args: expected a list, got " + list);
        }
        for (String arg : args) {
            array.add(arg);
        }
        return parent;
    }

    /**
     * Switches the parent to ADVANCED mode with the product's default gate channel, the ConfigMap:
     * the controller writes {@code <name>-gate} on the embedded API, the jobs poll it (the stand-in
     * gives them the API's URL, see {@code EmbeddedCluster}) and the controller reads their reports
     * from their MiniClusters' REST APIs. The example job's source runs at the same rate in both
     * colours, so green stays behind blue by its start-up time (a few seconds, longer on a loaded
     * machine): the catch-up bound allows 30 s. Gates report every 200 ms.
     */
    static FlinkBlueGreenDeployment advanced(FlinkBlueGreenDeployment parent) {
        parent.getSpec().setTransitionMode(TransitionMode.ADVANCED);
        var configuration = new LinkedHashMap<String, String>();
        if (parent.getSpec().getConfiguration() != null) {
            configuration.putAll(parent.getSpec().getConfiguration());
        }
        configuration.put("kubernetes.operator.bluegreen.advanced.catch-up-bound", "30 s");
        parent.getSpec().setConfiguration(configuration);
        return withFlinkConfiguration(parent, "bluegreen.gate.report-interval", "200 ms");
    }

    /**
     * Sets {@code key} in the template's {@code flinkConfiguration}.
     *
     * @throws IllegalArgumentException naming the field when it is not an object
     */
    static FlinkBlueGreenDeployment withFlinkConfiguration(
            FlinkBlueGreenDeployment parent, String key, String value) {
        JsonNode flink = parent.getSpec().getTemplate().getSpec().path("flinkConfiguration");
        if (!(flink instanceof ObjectNode object)) {
            throw new IllegalArgumentException(
                    "spec.template.spec.flinkConfiguration: expected an object, got " + flink);
        }
        object.put(key, value);
        return parent;
    }

    /**
     * Makes the parent adopt the FlinkDeployment {@code deployment}: {@code spec.adoptDeployment}
     * set, and {@code spec.template.spec} replaced by {@code runningSpec} (the deployment's spec as
     * read from the API), so that the adoption itself changes nothing.
     */
    static FlinkBlueGreenDeployment adopting(
            FlinkBlueGreenDeployment parent, String deployment, JsonNode runningSpec) {
        parent.getSpec().getTemplate().setSpec(runningSpec.deepCopy());
        parent.getSpec().setAdoptDeployment(deployment);
        return parent;
    }

    /** Sets the annotation {@code key} of the template's metadata (so of each child). */
    static FlinkBlueGreenDeployment withTemplateAnnotation(
            FlinkBlueGreenDeployment parent, String key, String value) {
        var template = parent.getSpec().getTemplate();
        if (template.getMetadata() == null) {
            template.setMetadata(new ObjectMeta());
        }
        var annotations = new LinkedHashMap<String, String>();
        if (template.getMetadata().getAnnotations() != null) {
            annotations.putAll(template.getMetadata().getAnnotations());
        }
        annotations.put(key, value);
        template.getMetadata().setAnnotations(annotations);
        return parent;
    }

    /** Removes the annotation {@code key} of the template's metadata, if it is there. */
    static FlinkBlueGreenDeployment withoutTemplateAnnotation(
            FlinkBlueGreenDeployment parent, String key) {
        var metadata = parent.getSpec().getTemplate().getMetadata();
        if (metadata != null && metadata.getAnnotations() != null) {
            var annotations = new LinkedHashMap<>(metadata.getAnnotations());
            annotations.remove(key);
            metadata.setAnnotations(annotations.isEmpty() ? null : annotations);
        }
        return parent;
    }

    /** Sets {@code job.state}, e.g. {@code suspended}. */
    static FlinkBlueGreenDeployment withJobState(FlinkBlueGreenDeployment parent, String state) {
        job(parent).put("state", state);
        return parent;
    }

    /**
     * The value that follows {@code flag} in {@code job.args}.
     *
     * @throws IllegalArgumentException naming the field when the flag is missing
     */
    static String requiredArg(FlinkBlueGreenDeployment parent, String flag) {
        String value = arg(parent, flag);
        if (value.isEmpty()) {
            throw new IllegalArgumentException(
                    "spec.template.spec.job.args: expected \""
                            + flag
                            + " <value>\", got "
                            + job(parent).path("args"));
        }
        return value;
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
