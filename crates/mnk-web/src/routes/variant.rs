//! `GET /api/variant?size=15x15&k=4&rule=freestyle`: what a new game of a board allows, as the
//! server judges it, so that the page's set-up form asks rather than judging for itself: the
//! variant read and checked as `POST /api/games` would, and which tournament openings fit it
//! (the library's [`mnk::players::swap2::fits`], the check `POST /api/games` makes).

use super::games::parse_rule;
use crate::error::{ApiError, ApiResult};
use crate::state::State;
use crate::views::SizeView;
use axum::Json;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use mnk::game::{OpeningRule, Variant, parse_size};
use mnk::players::swap2;
use serde::{Deserialize, Serialize};

/// The query: every field optional, as in `POST /api/games` (default 3x3, k = min(width,
/// height, 5), freestyle; renju's 15x15 and five).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantQuery {
    /// `15` or `15x15` (`WIDTHxHEIGHT`).
    size: Option<String>,
    /// Stones in a row to win.
    k: Option<u32>,
    /// `freestyle`, `exact` or `renju`.
    rule: Option<String>,
}

/// Whether a new game may begin with an opening.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpeningFit {
    /// `none`, `swap` or `swap2`, as `POST /api/games` takes it.
    pub name: &'static str,
    /// Whether `POST /api/games` takes it for this board.
    pub fits: bool,
    /// Why not, when it does not fit; null when it does.
    pub why: Option<String>,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VariantView {
    /// The board.
    pub size: SizeView,
    /// Stones in a row to win.
    pub k: usize,
    /// `freestyle`, `exact` or `renju`.
    pub rule: &'static str,
    /// The openings a new game of it may begin with: `none`, `swap`, `swap2`.
    pub openings: Vec<OpeningFit>,
}

impl VariantView {
    /// The view of `variant`.
    #[must_use]
    pub fn new(variant: &Variant) -> Self {
        let mut openings = vec![OpeningFit {
            name: "none",
            fits: true,
            why: None,
        }];
        for rule in [OpeningRule::Swap, OpeningRule::Swap2] {
            let why = swap2::fits(rule, variant).err().map(|e| e.to_string());
            openings.push(OpeningFit {
                name: rule.name(),
                fits: why.is_none(),
                why,
            });
        }
        let size = variant.size();
        VariantView {
            size: SizeView {
                width: size.width,
                height: size.height,
            },
            k: variant.k(),
            rule: variant.rule().name(),
            openings,
        }
    }
}

/// `GET /api/variant`.
///
/// # Errors
/// 400 for a size, k or rule that makes no game (or a board larger than the server plays),
/// saying what is accepted.
pub async fn variant(
    axum::extract::State(state): State,
    query: Result<Query<VariantQuery>, QueryRejection>,
) -> ApiResult<Json<VariantView>> {
    let Query(query) =
        query.map_err(|e| ApiError::bad_request(format!("the query: {}", e.body_text())))?;
    let size = query
        .size
        .as_deref()
        .map(|s| parse_size(s).map_err(|e| ApiError::bad_request(format!("size: {e}"))))
        .transpose()?;
    let max = state.limits.max_side;
    if let Some(size) = size.filter(|s| s.width > max || s.height > max) {
        return Err(ApiError::bad_request(format!(
            "size: {size} is out of bounds; each side must be 1 to {max} on this server"
        )));
    }
    let rule = parse_rule(query.rule.as_deref(), "rule")?;
    let variant = Variant::with_defaults(size, query.k, rule, super::records::UNSTATED_SIZE)
        .map_err(|e| ApiError::bad_request(format!("k: {e}")))?;
    Ok(Json(VariantView::new(&variant)))
}
