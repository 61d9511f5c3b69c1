//! Extractors whose rejections are [`ApiError`]s (JSON bodies), never axum's plain text:
//! [`JsonBody`] for request bodies, [`GameId`] for the `{id}` in a path, [`Client`] for who
//! asks.
//!
//! Lenient where it costs nothing: the content type is not checked, and an empty body reads
//! as `{}`, so requests whose fields are all optional (`undo`, `think`) need no body at all.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use std::net::{IpAddr, SocketAddr};

/// A JSON request body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonBody<T>(pub T);

/// What a request body may be: at most `bytes` long, arriving whole within `time`. The router
/// puts it in every request's extensions ([`crate::app`]); a request without one (handed to a
/// handler directly) gets [`BodyRules::default`], the server's default limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyRules {
    /// The most bytes a body may hold ([`crate::Limits::body_bytes`]).
    pub bytes: usize,
    /// How long it may take to arrive ([`crate::Limits::body_timeout`]).
    pub time: std::time::Duration,
}

impl Default for BodyRules {
    fn default() -> Self {
        let limits = crate::Limits::default();
        BodyRules {
            bytes: limits.body_bytes,
            time: limits.body_timeout,
        }
    }
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let rules = req
            .extensions()
            .get::<BodyRules>()
            .copied()
            .unwrap_or_default();
        let too_large = || {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the request body is too large: at most {} bytes",
                    rules.bytes
                ),
            )
        };
        // A declared length over the limit is refused before a byte of the body is read.
        let declared = req
            .headers()
            .get(axum::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u128>().ok());
        if declared.is_some_and(|n| n > rules.bytes as u128) {
            return Err(too_large());
        }
        let read = tokio::time::timeout(rules.time, Bytes::from_request(req, state));
        let bytes = read
            .await
            .map_err(|_| {
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request body did not arrive within {} ms",
                        rules.time.as_millis()
                    ),
                )
            })?
            .map_err(|rejection| {
                let status = rejection.status();
                if status == StatusCode::PAYLOAD_TOO_LARGE {
                    too_large()
                } else {
                    ApiError::new(status, rejection.body_text())
                }
            })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text).map(JsonBody).map_err(|e| {
            ApiError::bad_request(format!(
                "the request body is not valid JSON for this route: {e}"
            ))
        })
    }
}

/// Who a request came from, whose share of the server's games and searches it counts
/// against: its IPv4 address, or the /64 network of its IPv6 address (what one IPv6 host
/// holds); `None` when the server was not told (requests handed to the app directly, as in
/// tests). Behind a reverse proxy every request comes from the proxy: one client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let address = parts.extensions.get::<ConnectInfo<SocketAddr>>();
        Ok(Client(address.map(|ConnectInfo(a)| client_of(a.ip()))))
    }
}

/// The client an address belongs to: an IPv4 address itself, an IPv6 address its /64 network
/// (what one IPv6 host holds).
#[must_use]
pub fn client_of(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        v4 => v4,
    }
}

/// The `{id}` of a game route.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Path::<String>::from_request_parts(parts, state)
            .await
            .map(|Path(id)| GameId(id))
            .map_err(|e| {
                ApiError::bad_request(format!("the game id in the path: {}", e.body_text()))
            })
    }
}
