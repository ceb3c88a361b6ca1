package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

/** Generates random valid FlinkBlueGreenDeployment specs, and key-order shuffles of trees. */
final class RandomSpecs {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] CONFIG_KEYS = {
        "taskmanager.numberOfTaskSlots", "parallelism.default", "state.backend.type",
        "kubernetes.operator.reconcile.interval", "job.autoscaler.enabled",
                "execution.checkpointing.interval",
        "pipeline.jobvertex-parallelism-overrides", "taskmanager.memory.process.size"
    };
    private static final String[] VALUES = {
        "1", "2", "60 s", "1 min", "1024m", "1g", "rocksdb", "true", ""
    };

    private final Random random;

    RandomSpecs(long seed) {
        this.random = new Random(seed);
    }

    ObjectNode next() {
        ObjectNode spec = F.objectNode();
        spec.set("configuration", config(3));
        maybe(
                spec,
                "ingress",
                () -> F.objectNode().put("template", pick(new String[] {"a.example.com", "b"})));
        ObjectNode template = spec.putObject("template");
        ObjectNode metadata = template.putObject("metadata");
        metadata.set("labels", F.objectNode().put("app", pick(new String[] {"x", "y"})));
        maybe(metadata, "annotations", () -> F.objectNode().put("team", "t" + random.nextInt(3)));
        template.set("spec", deploymentSpec());
        maybe(spec, "unknownTopLevel", () -> unknown(2));
        return spec;
    }

    private ObjectNode deploymentSpec() {
        ObjectNode spec = F.objectNode();
        spec.put("image", "flink:1." + (18 + random.nextInt(3)));
        spec.put("flinkVersion", pick(new String[] {"v1_18", "v1_19", "v1_20"}));
        spec.set("flinkConfiguration", config(CONFIG_KEYS.length));
        ObjectNode job = spec.putObject("job");
        job.put("parallelism", 1 + random.nextInt(4));
        job.put("upgradeMode", pick(new String[] {"savepoint", "last-state", "stateless"}));
        job.put("state", pick(new String[] {"running", "suspended"}));
        maybe(job, "savepointRedeployNonce", () -> F.numberNode(random.nextInt(3)));
        ArrayNode args = job.putArray("args");
        for (int i = random.nextInt(3); i > 0; i--) {
            args.add("--arg" + random.nextInt(3));
        }
        ObjectNode podTemplate = spec.putObject("podTemplate");
        podTemplate
                .putObject("spec")
                .putArray("containers")
                .addObject()
                .put("name", "main")
                .put("image", "i" + random.nextInt(2));
        maybe(podTemplate, "extra", () -> unknown(1));
        spec.putObject("taskManager")
                .put("replicas", 1 + random.nextInt(3))
                .set("resource", F.objectNode().put("memory", "2048m"));
        maybe(spec, "futureField", () -> unknown(2));
        return spec;
    }

    private ObjectNode config(int maxKeys) {
        ObjectNode config = F.objectNode();
        for (int i = random.nextInt(maxKeys + 1); i > 0; i--) {
            String key = CONFIG_KEYS[random.nextInt(CONFIG_KEYS.length)];
            if (random.nextBoolean()) {
                config.put(key, pick(VALUES));
            } else {
                config.put(key, random.nextInt(3));
            }
        }
        return config;
    }

    private JsonNode unknown(int depth) {
        if (depth == 0 || random.nextInt(3) == 0) {
            return random.nextBoolean()
                    ? F.textNode("v" + random.nextInt(3))
                    : F.numberNode(random.nextInt(3));
        }
        ObjectNode object = F.objectNode();
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            object.set("k" + random.nextInt(4), unknown(depth - 1));
        }
        return object;
    }

    private void maybe(ObjectNode target, String key, java.util.function.Supplier<JsonNode> value) {
        if (random.nextBoolean()) {
            target.set(key, value.get());
        }
    }

    private String pick(String[] options) {
        return options[random.nextInt(options.length)];
    }

    /** A deep copy of the tree with the keys of every object in a random order. */
    JsonNode shuffledKeyOrder(JsonNode node) {
        if (node.isObject()) {
            List<String> keys = new ArrayList<>();
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                keys.add(it.next());
            }
            Collections.shuffle(keys, random);
            ObjectNode out = F.objectNode();
            for (String key : keys) {
                out.set(key, shuffledKeyOrder(node.get(key)));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = F.arrayNode();
            node.forEach(element -> out.add(shuffledKeyOrder(element)));
            return out;
        }
        return node;
    }
}
