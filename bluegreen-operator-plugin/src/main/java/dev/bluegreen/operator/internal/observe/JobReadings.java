package dev.bluegreen.operator.internal.observe;

import java.util.List;

/**
 * A gate control channel whose reports come from the children's JobManager REST APIs, and that
 * keeps what each API said (for the channel's health, {@link GateHealth}).
 */
public interface JobReadings {

    /**
     * What each child job's REST API said in the newest {@code GateControl.reports()} call of this
     * instance, unreachable ones included; empty before the first call.
     */
    List<JobGateReading> jobReadings();
}
