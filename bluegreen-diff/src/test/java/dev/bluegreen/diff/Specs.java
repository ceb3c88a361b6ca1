package dev.bluegreen.diff;

import dev.bluegreen.diff.internal.JsonPaths;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** Test fixtures: spec trees loaded from resources and edited by path. */
final class Specs {

    static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode root;

    private Specs(ObjectNode root) {
        this.root = root;
    }

    /** A small realistic spec (resource specs/base.json), a fresh copy each call. */
    static Specs base() {
        return new Specs((ObjectNode) resource("/specs/base.json"));
    }

    /** Wraps a deep copy of a tree. */
    static Specs of(JsonNode node) {
        return new Specs((ObjectNode) node.deepCopy());
    }

    static JsonNode resource(String name) {
        try (InputStream in = Specs.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sets a value (Java value or JSON node) at a path, creating objects on the way. */
    Specs set(String path, Object value) {
        List<String> segments = JsonPaths.parse(path);
        ObjectNode parent = root;
        for (String segment : segments.subList(0, segments.size() - 1)) {
            JsonNode child = parent.get(segment);
            parent = child instanceof ObjectNode object ? object : parent.putObject(segment);
        }
        parent.set(segments.get(segments.size() - 1), JSON.valueToTree(value));
        return this;
    }

    /** Removes the value at a path, if present. */
    Specs remove(String path) {
        List<String> segments = JsonPaths.parse(path);
        JsonNode parent = root;
        for (String segment : segments.subList(0, segments.size() - 1)) {
            parent = parent.path(segment);
        }
        if (parent instanceof ObjectNode object) {
            object.remove(segments.get(segments.size() - 1));
        }
        return this;
    }

    ObjectNode node() {
        return root;
    }
}
