//! Numbers a pack writes in TOML, checked as they are read: whole numbers within
//! ±[`MAX_AMOUNT`] (or 0..=MAX_AMOUNT), so no later sum can wrap. A number out of range
//! is a parse error, with the file, line and column of the value.
//! Use with `#[serde(deserialize_with = "bounded::amount")]` and friends.

use std::collections::BTreeMap;

use serde::de::{Deserialize, Deserializer, Error};

use crate::limits::MAX_AMOUNT;

fn check<E: Error>(v: i64, signed: bool) -> Result<i64, E> {
    let low = if signed { -MAX_AMOUNT } else { 0 };
    if (low..=MAX_AMOUNT).contains(&v) {
        Ok(v)
    } else {
        Err(E::custom(format!(
            "{v} is out of range: weft takes whole numbers from {low} to {MAX_AMOUNT} here"
        )))
    }
}

/// A count, price or reward: 0..=MAX_AMOUNT.
pub fn amount<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    Ok(check::<D::Error>(i64::deserialize(d)?, false)? as u32)
}

/// An optional [`amount`].
pub fn opt_amount<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    Option::<i64>::deserialize(d)?
        .map(|v| check::<D::Error>(v, false).map(|v| v as u32))
        .transpose()
}

/// A signed amount (prestige may be lost): within ±MAX_AMOUNT.
pub fn signed<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    Ok(check::<D::Error>(i64::deserialize(d)?, true)? as i32)
}

/// An optional [`signed`] amount, as 64 bits.
pub fn opt_signed<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Option::<i64>::deserialize(d)?
        .map(|v| check::<D::Error>(v, true))
        .transpose()
}

/// A [`signed`] amount as 64 bits.
pub fn signed64<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    check::<D::Error>(i64::deserialize(d)?, true)
}

/// A list of [`amount`]s.
pub fn amounts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
    Vec::<i64>::deserialize(d)?
        .into_iter()
        .map(|v| check::<D::Error>(v, false).map(|v| v as u32))
        .collect()
}

/// An optional list of [`amount`]s.
pub fn opt_amounts<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u32>>, D::Error> {
    Option::<Vec<i64>>::deserialize(d)?
        .map(|v| {
            v.into_iter()
                .map(|v| check::<D::Error>(v, false).map(|v| v as u32))
                .collect()
        })
        .transpose()
}

/// A list of [`signed`] amounts.
pub fn signed_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i32>, D::Error> {
    Vec::<i64>::deserialize(d)?
        .into_iter()
        .map(|v| check::<D::Error>(v, true).map(|v| v as i32))
        .collect()
}

/// A table of [`amount`]s by id.
pub fn amount_map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, u32>, D::Error> {
    BTreeMap::<String, i64>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| check::<D::Error>(v, false).map(|v| (k, v as u32)))
        .collect()
}

/// An optional [`amount_map`].
pub fn opt_amount_map<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<BTreeMap<String, u32>>, D::Error> {
    Option::<BTreeMap<String, i64>>::deserialize(d)?
        .map(|m| {
            m.into_iter()
                .map(|(k, v)| check::<D::Error>(v, false).map(|v| (k, v as u32)))
                .collect()
        })
        .transpose()
}

/// A table of [`signed`] amounts by id.
pub fn signed_map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, i64>, D::Error> {
    BTreeMap::<String, i64>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| check::<D::Error>(v, true).map(|v| (k, v)))
        .collect()
}

/// A table of [`amount`] lists by id.
pub fn amounts_map<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, Vec<u32>>, D::Error> {
    BTreeMap::<String, Vec<i64>>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| {
            v.into_iter()
                .map(|v| check::<D::Error>(v, false).map(|v| v as u32))
                .collect::<Result<Vec<u32>, D::Error>>()
                .map(|v| (k, v))
        })
        .collect()
}
