package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

import java.util.Objects;

/**
 * One analysis check: what it measures ({@link #getProvider()}), when, and how a measurement is
 * judged; the fields have the meanings of Argo Rollouts' metric fields (docs/analysis.md).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class AnalysisCheck {
    /** The schema pattern of {@code name}: a DNS-1123 label. */
    public static final String NAME_PATTERN = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$";

    /** The longest {@code name}. */
    public static final int NAME_MAX_LENGTH = 63;

    @Required
    @Pattern(NAME_PATTERN)
    @Size(max = NAME_MAX_LENGTH)
    private String name;

    @Required
    @ValidationRule(value = SpecRules.ONE_PROVIDER, message = SpecRules.ONE_PROVIDER_MESSAGE)
    private AnalysisProviderSpec provider;

    private String initialDelay;
    private String interval;

    @Min(0)
    private Integer count;

    private String successCondition;
    private String failureCondition;

    @Min(-1)
    private Integer failureLimit;

    @Min(0)
    private Integer inconclusiveLimit;

    @Min(0)
    private Integer consecutiveErrorLimit;

    /** Unique among the checks of its stage; a DNS-1123 label. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** Where the measurement comes from: exactly one provider. */
    public AnalysisProviderSpec getProvider() {
        return provider;
    }

    public void setProvider(AnalysisProviderSpec provider) {
        this.provider = provider;
    }

    /**
     * A duration ({@code 30s}, {@code 2m}); no measurement before the stage's start plus this.
     * {@code null}: none.
     */
    public String getInitialDelay() {
        return initialDelay;
    }

    public void setInitialDelay(String initialDelay) {
        this.initialDelay = initialDelay;
    }

    /** A duration between measurements. {@code null}: one measurement. */
    public String getInterval() {
        return interval;
    }

    public void setInterval(String interval) {
        this.interval = interval;
    }

    /**
     * Measurements after which the check ends. {@code null} or 0: 1 without an interval, else
     * indefinitely (pre-promotion only).
     */
    public Integer getCount() {
        return count;
    }

    public void setCount(Integer count) {
        this.count = count;
    }

    /**
     * A CEL expression over {@code result} (and, for {@code flink}, {@code candidate}, {@code
     * incumbent}, {@code blue}, {@code green}); false fails the measurement.
     */
    public String getSuccessCondition() {
        return successCondition;
    }

    public void setSuccessCondition(String successCondition) {
        this.successCondition = successCondition;
    }

    /** A CEL expression like {@link #getSuccessCondition()}; true fails the measurement. */
    public String getFailureCondition() {
        return failureCondition;
    }

    public void setFailureCondition(String failureCondition) {
        this.failureCondition = failureCondition;
    }

    /** The check fails when more measurements than this failed; -1 disables. {@code null}: 0. */
    public Integer getFailureLimit() {
        return failureLimit;
    }

    public void setFailureLimit(Integer failureLimit) {
        this.failureLimit = failureLimit;
    }

    /**
     * The check is inconclusive when more measurements than this were inconclusive. {@code null}:
     * 0.
     */
    public Integer getInconclusiveLimit() {
        return inconclusiveLimit;
    }

    public void setInconclusiveLimit(Integer inconclusiveLimit) {
        this.inconclusiveLimit = inconclusiveLimit;
    }

    /** The check errs when more measurements than this in a row were errors. {@code null}: 4. */
    public Integer getConsecutiveErrorLimit() {
        return consecutiveErrorLimit;
    }

    public void setConsecutiveErrorLimit(Integer consecutiveErrorLimit) {
        this.consecutiveErrorLimit = consecutiveErrorLimit;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AnalysisCheck that)) {
            return false;
        }
        return Objects.equals(name, that.name)
                && Objects.equals(provider, that.provider)
                && Objects.equals(initialDelay, that.initialDelay)
                && Objects.equals(interval, that.interval)
                && Objects.equals(count, that.count)
                && Objects.equals(successCondition, that.successCondition)
                && Objects.equals(failureCondition, that.failureCondition)
                && Objects.equals(failureLimit, that.failureLimit)
                && Objects.equals(inconclusiveLimit, that.inconclusiveLimit)
                && Objects.equals(consecutiveErrorLimit, that.consecutiveErrorLimit);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                name,
                provider,
                initialDelay,
                interval,
                count,
                successCondition,
                failureCondition,
                failureLimit,
                inconclusiveLimit,
                consecutiveErrorLimit);
    }
}
