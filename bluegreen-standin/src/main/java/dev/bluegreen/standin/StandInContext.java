package dev.bluegreen.standin;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.nio.file.Path;
import java.time.Clock;

/**
 * What every worker of one {@link FlinkStandIn} shares.
 *
 * @param client the API client
 * @param writer status writes
 * @param settings the stand-in's settings
 * @param uris jar URI mapping
 * @param faults faults set through the API
 * @param clock wall clock for status timestamps
 * @param restAddresses the REST address of each running MiniCluster
 */
record StandInContext(
        KubernetesClient client,
        StatusWriter writer,
        StandInSettings settings,
        UriMapping uris,
        Faults faults,
        Clock clock,
        RestAddresses restAddresses) {

    /** {@code <workDir>/<kind>/<namespace>/<name>}, e.g. kind {@code savepoints}. */
    Path dir(String kind, String namespace, String name) {
        return settings.workDir().resolve(kind).resolve(namespace).resolve(name);
    }

    long nowMillis() {
        return clock.millis();
    }
}
