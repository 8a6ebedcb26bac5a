"""Assertions shared by the API tests."""


def assert_error(response, status: int, code: str | None = None) -> dict:
    """The one error shape: JSON {status, code, detail}."""
    assert response.status_code == status, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["status"] == status and isinstance(body["detail"], str) and body["detail"]
    if code is not None:
        assert body["code"] == code, body
    return body
