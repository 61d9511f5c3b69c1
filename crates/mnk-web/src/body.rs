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

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            let status = rejection.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(status, "the request body is too large")
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
        Ok(Client(address.map(|ConnectInfo(a)| match a.ip() {
            IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
            v4 => v4,
        })))
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
