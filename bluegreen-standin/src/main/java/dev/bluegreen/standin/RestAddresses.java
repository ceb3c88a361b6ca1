package dev.bluegreen.standin;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The real REST address of each running MiniCluster, by FlinkDeployment {@code namespace/name}:
 * what a Kubernetes Service {@code <name>-rest} would route to in a cluster. Thread-safe.
 */
final class RestAddresses {
    private final Map<String, URI> byDeployment = new ConcurrentHashMap<>();

    void started(String namespace, String name, URI address) {
        byDeployment.put(key(namespace, name), address);
    }

    /** Forgets {@code address}, unless a newer run of the same name has replaced it. */
    void stopped(String namespace, String name, URI address) {
        byDeployment.remove(key(namespace, name), address);
    }

    Optional<URI> of(String namespace, String name) {
        return Optional.ofNullable(byDeployment.get(key(namespace, name)));
    }

    private static String key(String namespace, String name) {
        return namespace + "/" + name;
    }
}
