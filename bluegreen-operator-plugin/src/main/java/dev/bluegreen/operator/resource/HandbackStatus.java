package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Objects;

/**
 * The newest cold hand-back ({@code status.handback}, ADVANCED mode with a keep window;
 * docs/gate.md, "Keep window and cold hand-back"): the colour at risk died after the cut and the
 * controller gave the output back to the keeper from a frontier, without the dead colour's consent.
 * Kept until the next hand-back. Mutable (a Kubernetes status POJO), not thread-safe; equal by
 * value.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public class HandbackStatus {
    private String at;
    private String from;
    private String to;
    private Long frontier;
    private Long checkpoint;
    private Boolean exact;
    private Long mayRepeatBelow;
    private Long recovered;
    private Long lost;
    private String message;

    /** When the controller sent the hand-back (ISO-8601). */
    public String getAt() {
        return at;
    }

    public void setAt(String at) {
        this.at = at;
    }

    /** The colour that died after the cut, {@code BLUE} or {@code GREEN}. */
    public String getFrom() {
        return from;
    }

    public void setFrom(String from) {
        this.from = from;
    }

    /** The colour that took the output back. */
    public String getTo() {
        return to;
    }

    public void setTo(String to) {
        this.to = to;
    }

    /** Event time (epoch ms) from which the output went back. */
    public Long getFrontier() {
        return frontier;
    }

    public void setFrontier(Long frontier) {
        this.frontier = frontier;
    }

    /** The completed checkpoint of the colour that died that the frontier belongs to. */
    public Long getCheckpoint() {
        return checkpoint;
    }

    public void setCheckpoint(Long checkpoint) {
        this.checkpoint = checkpoint;
    }

    /** Whether the cut is exact: nothing can come out twice. */
    public Boolean getExact() {
        return exact;
    }

    public void setExact(Boolean exact) {
        this.exact = exact;
    }

    /**
     * When not exact: records with event time in {@code [frontier, mayRepeatBelow)} may come out
     * twice.
     */
    public Long getMayRepeatBelow() {
        return mayRepeatBelow;
    }

    public void setMayRepeatBelow(Long mayRepeatBelow) {
        this.mayRepeatBelow = mayRepeatBelow;
    }

    /**
     * Records the keeper re-emitted from what it kept; {@code null} until every keeper subtask
     * applied the hand-back.
     */
    public Long getRecovered() {
        return recovered;
    }

    public void setRecovered(Long recovered) {
        this.recovered = recovered;
    }

    /**
     * Records the keeper could not recover (a keep bound was reached); {@code null} until every
     * keeper subtask applied the hand-back.
     */
    public Long getLost() {
        return lost;
    }

    public void setLost(Long lost) {
        this.lost = lost;
    }

    /** The hand-back in words. */
    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof HandbackStatus that)) {
            return false;
        }
        return Objects.equals(at, that.at)
                && Objects.equals(from, that.from)
                && Objects.equals(to, that.to)
                && Objects.equals(frontier, that.frontier)
                && Objects.equals(checkpoint, that.checkpoint)
                && Objects.equals(exact, that.exact)
                && Objects.equals(mayRepeatBelow, that.mayRepeatBelow)
                && Objects.equals(recovered, that.recovered)
                && Objects.equals(lost, that.lost)
                && Objects.equals(message, that.message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                at,
                from,
                to,
                frontier,
                checkpoint,
                exact,
                mayRepeatBelow,
                recovered,
                lost,
                message);
    }
}
