package dev.bluegreen.demo.cluster;

import dev.bluegreen.demo.timeline.Color;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which FlinkDeployments are one parent's children, and their colours, from their labels as the
 * watchers see them: {@code bluegreen.dev/parent} names the parent, {@code bluegreen.dev/color}
 * ({@code blue} or {@code green}) the colour. A child's name is any name (an adopted child keeps
 * its own), so objects that only name a child (a snapshot's job reference, the Ingress backend
 * {@code <child>-rest}) get the colour this class last saw on that child. Only an object without
 * labels that was never seen falls back to the name suffix the controller gives the children it
 * creates ({@code <parent>-blue}, {@code <parent>-green}). Thread-safe: the informers call it from
 * their own threads.
 */
final class ChildColors {
    /** The label naming a child's parent. */
    static final String PARENT = "bluegreen.dev/parent";

    /** The label naming a child's (or a per-colour object's) colour. */
    static final String COLOR = "bluegreen.dev/color";

    /** The suffix of a child's REST Service, the parent Ingress's backend. */
    static final String REST_SUFFIX = "-rest";

    private final String parent;
    private final Map<String, Color> seen = new ConcurrentHashMap<>();
    private final Set<String> unlabelled = ConcurrentHashMap.newKeySet();

    /**
     * @param parent the FlinkBlueGreenDeployment's name
     */
    ChildColors(String parent) {
        this.parent = parent;
    }

    /**
     * How the watchers see one FlinkDeployment of the parent.
     *
     * @param color its colour
     * @param adopted whether it just became the parent's child: seen before without the parent
     *     label (a plain deployment the demo announced with {@link #expect}), now with it
     */
    record Child(Color color, boolean adopted) {}

    /**
     * Announces a deployment that has no labels yet but will become the parent's child in {@code
     * color} (a plain deployment the parent is going to adopt), so it is followed from its start.
     */
    void expect(String name, Color color) {
        seen.put(name, color);
        unlabelled.add(name);
    }

    /**
     * The FlinkDeployment {@code name} with {@code labels} as the parent's child, remembering its
     * colour; empty when it is not the parent's (its parent label names another parent, or it has
     * no labels and neither a known name nor the parent's suffix).
     *
     * @param labels its labels, may be null
     */
    Optional<Child> child(String name, Map<String, String> labels) {
        Map<String, String> present = labels == null ? Map.of() : labels;
        String owner = present.get(PARENT);
        if (owner != null && !owner.equals(parent)) {
            return Optional.empty();
        }
        Optional<Color> color = color(name, present.get(COLOR), owner);
        if (color.isEmpty()) {
            return Optional.empty();
        }
        seen.put(name, color.get());
        boolean adopted = owner != null && unlabelled.remove(name);
        return Optional.of(new Child(color.get(), adopted));
    }

    /** From the colour label, else as seen before, else from the name (owner-less: its suffix). */
    private Optional<Color> color(String name, String colorLabel, String owner) {
        return Color.ofLabel(colorLabel)
                .or(() -> Optional.ofNullable(seen.get(name)))
                .or(() -> owner == null ? bySuffix(name) : Color.of(name));
    }

    /**
     * The colour of a deleted FlinkDeployment: what {@link #child} says for its last labels, or
     * empty when it was not the parent's.
     */
    Optional<Color> deleted(String name, Map<String, String> labels) {
        Optional<Color> color = child(name, labels).map(Child::color);
        unlabelled.remove(name);
        return color;
    }

    /**
     * The colour of a per-colour object (a FlinkStateSnapshot): its own colour label, else the
     * colour of the child it refers to.
     *
     * @param labels its labels, may be null
     * @param childName the child it refers to, may be null
     */
    Optional<Color> ofObject(Map<String, String> labels, String childName) {
        String label = labels == null ? null : labels.get(COLOR);
        return Color.ofLabel(label).or(() -> ofChild(childName));
    }

    /**
     * The colour of the child whose REST Service is {@code service} ({@code <child>-rest}), as last
     * seen; the name's suffix for a Service of a child never seen.
     */
    Optional<Color> ofService(String service) {
        if (service != null && service.endsWith(REST_SUFFIX)) {
            String child = service.substring(0, service.length() - REST_SUFFIX.length());
            Color known = seen.get(child);
            if (known != null) {
                return Optional.of(known);
            }
        }
        return Color.of(service);
    }

    /** The colour of the child {@code name} as last seen, else by its suffix. */
    Optional<Color> ofChild(String name) {
        if (name == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(seen.get(name)).or(() -> Color.of(name));
    }

    private Optional<Color> bySuffix(String name) {
        return name.startsWith(parent + "-") ? Color.of(name) : Optional.empty();
    }
}
