package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.generator.annotation.Size;

import java.util.List;
import java.util.Objects;

/**
 * The analysis checks of a resource ({@code spec.analysis}): before the switch and after it
 * (docs/analysis.md).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class AnalysisSpec {
    /**
     * The most checks a stage may have ({@code maxItems}): the API server estimates the cost of the
     * checks' CEL rules from the largest list the schema allows.
     */
    public static final int CHECKS_MAX = 16;

    @Size(max = CHECKS_MAX)
    private List<AnalysisCheck> prePromotion;

    @Size(max = CHECKS_MAX)
    private List<AnalysisCheck> postPromotion;

    /**
     * Checks that judge the incoming child; the switch waits until all pass. {@code null}: none.
     */
    public List<AnalysisCheck> getPrePromotion() {
        return prePromotion;
    }

    public void setPrePromotion(List<AnalysisCheck> prePromotion) {
        this.prePromotion = prePromotion;
    }

    /**
     * Checks that judge the new serving child while the previous one is kept; a failure switches
     * back. {@code null}: none.
     */
    public List<AnalysisCheck> getPostPromotion() {
        return postPromotion;
    }

    public void setPostPromotion(List<AnalysisCheck> postPromotion) {
        this.postPromotion = postPromotion;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AnalysisSpec that)) {
            return false;
        }
        return Objects.equals(prePromotion, that.prePromotion)
                && Objects.equals(postPromotion, that.postPromotion);
    }

    @Override
    public int hashCode() {
        return Objects.hash(prePromotion, postPromotion);
    }
}
