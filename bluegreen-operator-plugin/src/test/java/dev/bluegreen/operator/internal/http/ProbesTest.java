package dev.bluegreen.operator.internal.http;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The probe rules, row by row. */
class ProbesTest {
    static final Probes.Informer SYNCED = new Probes.Informer("c/parents", true, true);
    static final Probes.Informer RETRYING = new Probes.Informer("c/children", true, false);
    static final Probes.Informer STOPPED = new Probes.Informer("c/snapshots", false, true);

    static Stream<Arguments> rows() {
        return Stream.of(
                row("operator not started", false, List.of(), true, false, "starting: "),
                row("every informer synced", true, List.of(SYNCED), true, true, "ready: leader"),
                row(
                        "an informer still listing (API server unreachable)",
                        true,
                        List.of(SYNCED, RETRYING),
                        true,
                        false,
                        "not ready: informers not synced: c/children"),
                row(
                        "an informer stopped",
                        true,
                        List.of(SYNCED, STOPPED),
                        false,
                        false,
                        "informers stopped: c/snapshots"),
                row("no informers yet", true, List.of(), true, true, "ready: "));
    }

    static Arguments row(
            String name,
            boolean started,
            List<Probes.Informer> informers,
            boolean live,
            boolean ready,
            String detail) {
        return Arguments.of(name, started, informers, live, ready, detail);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void probesFollowTheInformers(
            String name,
            boolean started,
            List<Probes.Informer> informers,
            boolean live,
            boolean ready,
            String detail) {
        Health health = Probes.of(started, informers, "leader");

        assertThat(health.live()).as("live").isEqualTo(live);
        assertThat(health.ready()).as("ready").isEqualTo(ready);
        assertThat(health.detail()).startsWith(detail);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roles")
    void aSyncedStandbyIsReadyAndSaysSo(String role) {
        Health health = Probes.of(true, List.of(SYNCED), role);

        assertThat(health.ready()).isTrue();
        assertThat(health.detail()).isEqualTo("ready: " + role);
    }

    static Stream<String> roles() {
        return Stream.of("standby (Lease l held by pod-a)", "leader (Lease l)");
    }
}
