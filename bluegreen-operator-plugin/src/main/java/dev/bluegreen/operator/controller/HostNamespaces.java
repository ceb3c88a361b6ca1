package dev.bluegreen.operator.controller;

import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.RegisteredController;
import io.javaoperatorsdk.operator.api.reconciler.Constants;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The namespaces the host operator watches, read from the controllers already registered in its
 * JOSDK {@link Operator} (ours excluded). A fork of the Flink operator resolves its watched
 * namespaces ({@code WATCH_NAMESPACES}, else {@code kubernetes.operator.watched.namespaces}) into
 * each of its controllers' configuration ({@code FlinkOperator.overrideControllerConfigs}), so
 * these are upstream's own result, not a second reading of its settings.
 *
 * <p>The union of the host controllers' sets: all namespaces when any of them watches all; JOSDK's
 * "current namespace" stays as it is when it is the only entry, and becomes {@code
 * currentNamespace} when mixed with names (JOSDK refuses the mix). Pure; thread-safe.
 */
final class HostNamespaces {
    private HostNamespaces() {}

    /**
     * The host's namespaces in JOSDK's form (e.g. {@link Constants#WATCH_ALL_NAMESPACE_SET}), or
     * empty when no other controller is registered yet.
     */
    static Optional<Set<String>> of(Operator operator) {
        Set<String> union = new TreeSet<>();
        boolean hosts = false;
        for (RegisteredController<?> controller : controllers(operator)) {
            var configuration = controller.getConfiguration();
            if (!BlueGreenReconciler.NAME.equals(configuration.getName())) {
                hosts = true;
                union.addAll(configuration.getInformerConfig().getNamespaces());
            }
        }
        if (!hosts) {
            return Optional.empty();
        }
        return Optional.of(normalised(union, operator.getKubernetesClient().getNamespace()));
    }

    /** The union in a form JOSDK accepts (see the class comment). */
    static Set<String> normalised(Set<String> union, String currentNamespace) {
        if (union.isEmpty() || union.contains(Constants.WATCH_ALL_NAMESPACES)) {
            return Constants.WATCH_ALL_NAMESPACE_SET;
        }
        if (union.size() > 1 && union.contains(Constants.WATCH_CURRENT_NAMESPACE)) {
            Set<String> names = new TreeSet<>(union);
            names.remove(Constants.WATCH_CURRENT_NAMESPACE);
            if (currentNamespace != null) {
                names.add(currentNamespace);
            }
            return Set.copyOf(names);
        }
        return Set.copyOf(union);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Collection<RegisteredController<?>> controllers(Operator operator) {
        return (Collection) operator.getRegisteredControllers();
    }
}
